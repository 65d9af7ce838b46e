// The run's figures as Markdown: one summary table (with the same-run baselines and the targets),
// then the details a UI engineer needs to act on a missed target.
import { writeMarkedSection } from "../service/report";
import type { ExportRun } from "./csv-export";
import type { FirstLoadJs } from "./first-load-js";
import { FIRST_ROWS_CASES, type FirstRowsRuns } from "./first-rows";
import type { LoadedRows } from "./in-page";
import type { LoadCpu } from "./load-cpu";
import { CATEGORIES, METRICS, TARGETS, type Category, type LighthouseRun } from "./lighthouse-runs";
import type { ScrollPass } from "./scrolling";
import { max, median, percentile } from "./stats";
import type { TaskWindow } from "./task-windows";

export const JS_TARGET_KB = 180;

export interface UiReport {
  date: string;
  machine: string;
  /** Load average (1 min) when the run started and ended: how busy the shared machine was. */
  load: { start: number; end: number };
  build: string;
  data: { seedTasks: number; rateLimit: number; big: TaskWindow; small: TaskWindow };
  lighthouse: LighthouseRun[];
  lighthouseRepeats: number;
  loadCpu: LoadCpu;
  firstRows: FirstRowsRuns;
  loading: LoadedRows;
  /** Live JS heap with each list loaded (OpenList.liveHeapBytes). */
  heap: { big: number; small: number };
  scroll: { stepPx: number; big: ScrollPass[]; small: ScrollPass[] };
  exports: ExportRun[];
  js: FirstLoadJs;
}

const count = (n: number) => n.toLocaleString("en-US");
const ms = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? "–" : n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : "–");
const verdict = (met: boolean) => (met ? "met" : "**missed**");

function table(header: string[], rows: string[][], numeric: boolean[]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const rule = header.map((_, i) => (numeric[i] ? "---:" : "---"));
  return [line(header), line(rule), ...rows.map(line)].join("\n");
}

export function medianScores(runs: LighthouseRun[], path: string): Record<Category, number> {
  const mine = runs.filter((run) => run.path === path);
  return Object.fromEntries(
    CATEGORIES.map((category) => [category, median(mine.map((run) => run.scores[category]))]),
  ) as Record<Category, number>;
}

const framesOf = (runs: ScrollPass[]) => runs.flatMap((run) => run.frames);
const longTasksOf = (runs: ScrollPass[]) => runs.flatMap((run) => run.longTasks);
const longByCpuOf = (runs: ScrollPass[]) => runs.flatMap((run) => run.cpu.longByCpu);
const cpuPerFrame = (runs: ScrollPass[]) =>
  runs.reduce((sum, run) => sum + run.cpu.cpuMs, 0) / Math.max(1, framesOf(runs).length);
const tally = (values: number[]) =>
  values.length === 0 ? "0" : `${values.length}, longest ${ms(max(values))}`;
const painted = (runs: FirstRowsRuns, key: keyof FirstRowsRuns) =>
  median(runs[key].map((run) => run.painted));

export function lighthousePaths(report: UiReport): string[] {
  return [...new Set(report.lighthouse.map((run) => run.path))];
}

function summary(report: UiReport): string {
  const rows: string[][] = [];
  const repeats = report.lighthouseRepeats;
  for (const path of lighthousePaths(report)) {
    const scores = medianScores(report.lighthouse, path);
    for (const category of CATEGORIES) {
      rows.push([
        `Lighthouse ${category}, ${path} (desktop, median of ${repeats})`,
        String(scores[category]),
        "",
        "",
        `≥ ${TARGETS[category]}`,
        verdict(scores[category] >= TARGETS[category]),
      ]);
    }
  }
  const blocking = (path: string) => median((report.loadCpu[path] ?? []).map((run) => run.blockingCpuMs));
  const loads = report.loadCpu["/tasks"]?.length ?? 0;
  rows.push([
    `Blocking CPU while /tasks loads (tasks' CPU beyond 50 ms, median of ${loads})`,
    ms(blocking("/tasks")),
    `/locations ${ms(blocking("/locations"))}`,
    ratio(blocking("/tasks"), blocking("/locations")),
    "",
    "",
  ]);
  const cold = painted(report.firstRows, "cold");
  const warm = painted(report.firstRows, "warm");
  const cached = painted(report.firstRows, "warm, cached list");
  const n = report.firstRows.cold.length;
  rows.push([
    `First rows on /tasks, cold (median of ${n})`,
    ms(cold),
    `warm ${ms(warm)}`,
    ratio(cold, warm),
    "",
    "",
  ]);
  rows.push([`First rows on /tasks, warm (median of ${n})`, ms(warm), "", "", "", ""]);
  rows.push([
    `First rows on /tasks, warm, cached list (median of ${n})`,
    ms(cached),
    `warm ${ms(warm)}`,
    ratio(cached, warm),
    "",
    "",
  ]);
  rows.push([
    `Loading ${count(report.loading.rows)} rows by scrolling to the end`,
    `${(report.loading.ms / 1000).toFixed(1)} s`,
    "",
    "",
    "",
    "",
  ]);

  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  rows.push([
    `Live JS heap with ${count(report.data.big.rows)} rows loaded (after a full collection)`,
    mb(report.heap.big),
    `${count(report.data.small.rows)} rows ${mb(report.heap.small)}`,
    ratio(report.heap.big, report.heap.small),
    "",
    "",
  ]);

  const big = framesOf(report.scroll.big);
  const small = framesOf(report.scroll.small);
  const bigRows = count(report.data.big.rows);
  const smallRows = count(report.data.small.rows);
  for (const p of [50, 95, 99]) {
    rows.push([
      `Scroll frame p${p}, ${bigRows} rows`,
      ms(percentile(big, p)),
      `${smallRows} rows ${ms(percentile(small, p))}`,
      ratio(percentile(big, p), percentile(small, p)),
      "",
      "",
    ]);
  }
  rows.push([
    `Scroll frame max, ${bigRows} rows`,
    ms(max(big)),
    `${smallRows} rows ${ms(max(small))}`,
    ratio(max(big), max(small)),
    "",
    "",
  ]);
  const longBig = longTasksOf(report.scroll.big);
  const longSmall = longTasksOf(report.scroll.small);
  const passes = report.scroll.big.length;
  rows.push([
    `Long tasks while scrolling ${bigRows} rows (${passes} passes, wall time)`,
    tally(longBig),
    `${smallRows} rows: ${tally(longSmall)}`,
    ratio(longBig.length, longSmall.length),
    "none over 50 ms",
    verdict(longBig.length === 0),
  ]);
  const cpuBig = longByCpuOf(report.scroll.big);
  rows.push([
    `Tasks over 50 ms of CPU while scrolling ${bigRows} rows (same passes)`,
    tally(cpuBig),
    `${smallRows} rows: ${tally(longByCpuOf(report.scroll.small))}`,
    "",
    "",
    "",
  ]);
  rows.push([
    `Main-thread CPU per frame while scrolling ${bigRows} rows`,
    ms(cpuPerFrame(report.scroll.big)),
    `${smallRows} rows ${ms(cpuPerFrame(report.scroll.small))}`,
    ratio(cpuPerFrame(report.scroll.big), cpuPerFrame(report.scroll.small)),
    "",
    "",
  ]);
  const detailBig = median(report.scroll.big.map((run) => run.detailRequests));
  rows.push([
    `/tasks/{id} fetches (link prefetch) per scroll pass over ${bigRows} rows`,
    count(detailBig),
    `${smallRows} rows ${count(median(report.scroll.small.map((run) => run.detailRequests)))}`,
    "",
    "",
    "",
  ]);

  const exports = report.exports;
  const first = exports[0];
  rows.push([
    `CSV export of ${bigRows} rows, click to download (median of ${exports.length})`,
    ms(median(exports.map((run) => run.clickToDownload))),
    `tab busy ${ms(median(exports.map((run) => run.mainThread)))}, longest task CPU ${ms(median(exports.map((run) => run.longestTaskCpu)))}`,
    "",
    "",
    "",
  ]);
  if (first) {
    const complete = exports.every((run) => run.dataRows === report.data.big.rows);
    rows.push([
      "CSV file",
      `${(first.bytes / 1e6).toFixed(2)} MB, ${count(first.dataRows)} rows + header (${first.header.length} columns)`,
      "",
      "",
      `${bigRows} rows + header`,
      verdict(complete),
    ]);
  }
  for (const route of report.js.routes) {
    const target = route.route === "/tasks" ? `< ${JS_TARGET_KB} kB` : "";
    rows.push([
      `First-load JS, ${route.route} (gzip, ${route.scripts} scripts)`,
      kb(route.gzipBytes),
      `shared by all routes ${kb(report.js.sharedGzipBytes)}`,
      "",
      target,
      target ? verdict(route.gzipBytes < JS_TARGET_KB * 1000) : "",
    ]);
  }
  return table(["measurement", "result", "baseline (same run)", "ratio", "target", ""], rows, [
    false,
    true,
    true,
    true,
    false,
    false,
  ]);
}

function lighthouseDetails(report: UiReport): string {
  const rows = lighthousePaths(report).map((path) => {
    const mine = report.lighthouse.filter((run) => run.path === path);
    return [
      path,
      ...Object.keys(METRICS).map((id) => {
        const values = mine.map((run) => run.metrics[id as keyof typeof METRICS]);
        return id === "cumulative-layout-shift" ? median(values).toFixed(3) : ms(median(values));
      }),
    ];
  });
  const metrics = table(["page", ...Object.values(METRICS)], rows, [false, true, true, true, true, true]);

  const failures: string[] = [];
  for (const path of lighthousePaths(report)) {
    const mine = report.lighthouse.filter((run) => run.path === path);
    const byId = new Map<string, { runs: number; audit: LighthouseRun["failing"][number] }>();
    for (const run of mine) {
      for (const audit of run.failing) {
        const seen = byId.get(audit.id);
        byId.set(audit.id, { runs: (seen?.runs ?? 0) + 1, audit: seen?.audit ?? audit });
      }
    }
    for (const { runs, audit } of byId.values()) {
      const value = audit.displayValue ? `, ${audit.displayValue}` : "";
      const score = audit.score === undefined ? "" : `, score ${audit.score.toFixed(2)}`;
      failures.push(
        `- ${path} · ${audit.category} · \`${audit.id}\` (${audit.title}${value}${score}; in ${runs} of ${mine.length} runs)`,
        ...audit.items.map((item) => `  - \`${item.replace(/`/g, "'").replace(/\s+/g, " ").slice(0, 240)}\``),
      );
    }
  }
  const diagnostics: string[] = [];
  for (const path of lighthousePaths(report)) {
    const mine = report.lighthouse.filter((run) => run.path === path && run.diagnostics.length > 0);
    const middle = mine.sort((a, b) => a.scores.performance - b.scores.performance)[
      Math.floor(mine.length / 2)
    ];
    if (!middle) continue;
    diagnostics.push(
      `- ${path} (the run that scored ${middle.scores.performance}):`,
      ...middle.diagnostics.map((line) => `  - ${line}`),
    );
  }
  const cpuRows = Object.entries(report.loadCpu).map(([path, runs]) => [
    path,
    ms(median(runs.map((run) => run.cpuMs))),
    ms(median(runs.map((run) => run.blockingCpuMs))),
    ms(median(runs.map((run) => run.longestCpuMs))),
    runs.map((run) => String(run.longByCpu.length)).join(", "),
  ]);
  return [
    `Lighthouse metrics (median of ${report.lighthouseRepeats}; simulated desktop throttling):`,
    "",
    metrics,
    "",
    "Audits below a passing score (performance: under 0.9; the other categories: under 1):",
    "",
    failures.length > 0 ? failures.join("\n") : "- none",
    ...(diagnostics.length > 0
      ? ["", "Where the main thread went on a page below the performance target:", "", ...diagnostics]
      : []),
    "",
    `The same loads on CPU time (Playwright, traced from navigation to 5 s after the load event; medians of ${report.lighthouseRepeats}):`,
    "",
    table(
      [
        "page",
        "main-thread CPU",
        "blocking CPU (beyond 50 ms)",
        "longest task CPU",
        "tasks over 50 ms CPU, per run",
      ],
      cpuRows,
      [false, true, true, true, true],
    ),
  ].join("\n");
}

function firstRowDetails(report: UiReport): string {
  const rows = FIRST_ROWS_CASES.map((key) => {
    const runs = report.firstRows[key];
    const pick = (value: (run: FirstRowsRuns[typeof key][number]) => number | undefined) =>
      ms(median(runs.map(value).filter((v): v is number => v !== undefined)));
    return [
      key,
      pick((run) => run.firstContentfulPaint),
      pick((run) => run.apiStart),
      pick((run) => run.apiEnd),
      pick((run) => run.inDom),
      pick((run) => run.painted),
      `${ms(Math.min(...runs.map((run) => run.painted)))} – ${ms(max(runs.map((run) => run.painted)))}`,
    ];
  });
  return table(
    [
      "load",
      "first contentful paint",
      "/api/tasks sent",
      "/api/tasks answered",
      "first row in DOM",
      "first row painted",
      "range",
    ],
    rows,
    [false, true, true, true, true, true, true],
  );
}

function scrollDetails(report: UiReport): string {
  const passes = [
    ...report.scroll.big.map((run, i) => ({
      name: `${count(report.data.big.rows)} rows, pass ${i + 1}`,
      run,
    })),
    ...report.scroll.small.map((run, i) => ({
      name: `${count(report.data.small.rows)} rows, run ${i + 1}`,
      run,
    })),
  ];
  const columns: [string, (run: ScrollPass) => string][] = [
    ["frames", (run) => count(run.frames.length)],
    ["distance", (run) => `${count(Math.round(run.distancePx))} px`],
    ["p50", (run) => ms(percentile(run.frames, 50))],
    ["p95", (run) => ms(percentile(run.frames, 95))],
    ["p99", (run) => ms(percentile(run.frames, 99))],
    ["max", (run) => ms(max(run.frames))],
    ["frames > 50 ms", (run) => count(run.frames.filter((frame) => frame > 50).length)],
    ["long tasks", (run) => count(run.longTasks.length)],
    ["CPU per frame", (run) => ms(run.cpu.cpuMs / Math.max(1, run.frames.length))],
    ["tasks > 50 ms CPU", (run) => count(run.cpu.longByCpu.length)],
    ["/tasks/{id} fetches", (run) => count(run.detailRequests)],
    ["DOM elements", (run) => count(run.domElements)],
  ];
  return table(
    ["scroll", ...columns.map(([name]) => name)],
    passes.map(({ name, run }) => [name, ...columns.map(([, cell]) => cell(run))]),
    [false, ...columns.map(() => true)],
  );
}

export function renderReport(report: UiReport): string {
  const { big, small } = report.data;
  return [
    `**${report.date}** — ${report.machine}; load average ${report.load.start.toFixed(1)} at the start, ${report.load.end.toFixed(1)} at the end.`,
    "",
    `Dashboard: ${report.build}. Service: sandbox, ${count(report.data.seedTasks)} tasks, ` +
      `\`VTS_RATE_LIMIT_PER_MIN=${count(report.data.rateLimit)}\` so loading 20,000 rows is not throttled. ` +
      `Lists: ${count(big.rows)} rows = \`/tasks?from=${big.from}&to=${big.to}\`; ` +
      `${count(small.rows)} rows = \`/tasks?from=${small.from}&to=${small.to}\`.`,
    "",
    summary(report),
    "",
    lighthouseDetails(report),
    "",
    `Time to first rows, ms since navigation start (medians of ${report.firstRows.cold.length} runs):`,
    "",
    firstRowDetails(report),
    "",
    `Scrolling, ${report.scroll.stepPx.toFixed(0)} px per animation frame (rAF intervals; long tasks from PerformanceObserver):`,
    "",
    scrollDetails(report),
    "",
    `CSV export runs (click to download / tab busy / longest task CPU): ${report.exports
      .map((run) => `${ms(run.clickToDownload)} / ${ms(run.mainThread)} / ${ms(run.longestTaskCpu)}`)
      .join(", ")}.`,
    "",
    `First-load JS (the HTML's scripts, \`nomodule\` polyfills left out): ${report.js.routes
      .map(
        (route) =>
          `${route.route} ${count(route.gzipBytes)} bytes gzip -9 (${kb(route.wireBytes)} as sent, ${kb(route.rawBytes)} raw)`,
      )
      .join(", ")}; kB = 1,000 bytes. By script:`,
    "",
    table(
      ["script", "gzip -9", "as sent", "raw", "loaded by"],
      report.js.scripts.map((script) => [
        `\`${script.path.replace(/^\/_next\/static\/chunks\//, "")}\``,
        kb(script.gzipBytes),
        kb(script.wireBytes),
        kb(script.rawBytes),
        script.routes.join(", "),
      ]),
      [false, true, true, true, false],
    ),
  ].join("\n");
}

/** Replaces the generated section of `file`, keeping the hand-written text around it. */
export function writeSection(file: string, markdown: string, title: string): Promise<void> {
  return writeMarkedSection(file, "bench:ui", markdown, { newFile: `${title}\n` });
}
