// Turns the measurements into one markdown report (printed, and kept in docs/benchmarks.md between
// markers so the hand-written introduction around it survives a rerun).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { formatAsCommitted } from "../../contract/conformance/format-as-committed";
import type { PageCase } from "./cases";
import type { Summary } from "./latency";
import type { ThroughputResult } from "./throughput";

export interface PageResult {
  pageCase: PageCase;
  rows: number;
  /** The service's answer for the page, as sent. */
  bytes: number;
  service: Summary;
  floor: Summary;
  /** The same answer replayed from memory by a bare node:http server (prepared-answer-server.ts). */
  transport: Summary;
  /** The page's SQL and the service's writer in a bare node:http server (bare-query-server.ts). */
  bare: Summary;
  /** The baseline build's time for the same page (BENCH_BASELINE_DIR), when one ran. */
  baseline?: Summary;
}

export interface Report {
  date: string;
  machine: string;
  tasks: number;
  samples: number;
  pages: PageResult[];
  throughput: ThroughputResult[];
  throughputRows: number;
  token: Summary;
  /** /healthz timed alongside the token endpoint: the machine's own latency floor. */
  healthz: Summary;
  serverSettings: string;
  explainTitle: string;
  explain: string[];
  /** The folder the baseline build ran from, when one did. */
  baseline?: string | undefined;
}

export const TARGETS = {
  /** Issue 16: a 500-task page's p50 over the least any HTTP service could take for it here. */
  serviceOverLeast: 1.15,
  deepOverFirst: 1.2,
  tokenP99Ms: 5,
  /** Issue 16: 500-task pages at 16 connections, as a share of /healthz's, against TODAY's share. */
  throughputGain: 1.5,
  throughputConnections: 16,
};

/** The figures issue 16 calls "today": the 2026-11-22 15:41 run in docs/benchmarks.md. */
export const TODAY = { run: "2026-11-22 15:41", tasksPerSecond: 309, healthzPerSecond: 8305 };

export const BASELINE_TASKS = "GET /v1/tasks (baseline)";
/** The same page from bare-query-server.ts: its SQL and the service's writer, nothing else. */
export const BARE_TASKS = "bare query server, same page";
const FULL_PAGE = 500;

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const count = (value: number) => value.toLocaleString("en-US");

function firstPageOf(report: Report, deep: PageResult): PageResult | undefined {
  return report.pages.find(
    (p) => p.pageCase.filter === deep.pageCase.filter && p.pageCase.depth === "page 1",
  );
}

export function renderReport(report: Report): string {
  const lines = [
    `**${report.date}** — ${report.machine}; ${count(report.tasks)} tasks; ${report.samples} samples per case.`,
    "",
    `PostgreSQL settings: \`${report.serverSettings}\` (plus \`fsync=off\`).`,
    "",
    "### Page latency (GET /v1/tasks and GET /v1/task-changes, limit 500, ms)",
    "",
    "| filter | page | rows before it | rows | service p50 | service p99 | floor p50 | floor p99 | service/floor p50 | service/floor p99 | deep/page 1 p50 | deep/page 1 p99 |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const page of report.pages) {
    const { pageCase: c, service, floor } = page;
    const first = c.depth === "deep" ? firstPageOf(report, page) : undefined;
    const filter =
      c.value === undefined ? filterLabel(c) : `${c.filter}=${c.value} (${count(c.matching)} tasks)`;
    lines.push(
      `| ${filter} | ${c.depth} | ${count(c.offset)} | ${page.rows} | ${ms(service.p50)} | ${ms(service.p99)} | ` +
        `${ms(floor.p50)} | ${ms(floor.p99)} | ${ratio(service.p50, floor.p50)} | ${ratio(service.p99, floor.p99)} | ` +
        `${first ? ratio(service.p50, first.service.p50) : ""} | ${first ? ratio(service.p99, first.service.p99) : ""} |`,
    );
  }
  const missing = report.pages.filter(
    (p) =>
      p.pageCase.depth === "page 1" &&
      !report.pages.some((d) => d.pageCase.filter === p.pageCase.filter && d.pageCase.depth === "deep"),
  );
  for (const p of missing) {
    lines.push(
      "",
      `No deep page for ${p.pageCase.filter}: its busiest value has ${count(p.pageCase.matching)} tasks, fewer than two full pages.`,
    );
  }
  lines.push(...transportTable(report), "");
  lines.push(
    "",
    ...throughputTable(report),
    "",
    "### Token endpoint (POST /oauth/token, sequential)",
    "",
    `p50 ${ms(report.token.p50)} ms, p99 ${ms(report.token.p99)} ms over ${report.token.n} requests. ` +
      `GET /healthz, timed alongside: p50 ${ms(report.healthz.p50)} ms, p99 ${ms(report.healthz.p99)} ms.`,
    "",
    "### Targets",
    "",
    ...verdicts(report).map((line) => `- ${line}`),
    "",
    `### Plan of the deep page: ${report.explainTitle}`,
    "",
    "```",
    ...report.explain,
    "```",
  );
  return lines.join("\n");
}

function throughputTable(report: Pick<Report, "throughput" | "throughputRows">): string[] {
  return [
    `### Throughput (autocannon, GET /v1/tasks page 1, 1-day window, ${report.throughputRows} rows per page)`,
    "",
    "| endpoint | connections | req/s | p50 ms | p99 ms | non-2xx | errors |",
    "|---|--:|--:|--:|--:|--:|--:|",
    ...report.throughput.map(
      (t) =>
        `| ${t.target} | ${t.connections} | ${Math.round(t.requestsPerSecond)} | ${t.p50} | ${t.p99} | ${t.non2xx} | ${t.errors} |`,
    ),
  ];
}

/**
 * A quick run of some parts only (BENCH_ONLY): their tables and the issue-16 verdicts they decide,
 * printed, never written to the document.
 */
export function renderPartial(report: Report, parts: ReadonlySet<string>): string {
  const lines = [
    `**${report.date}** (parts: ${[...parts].join(", ")}) — ${report.machine}; ${count(report.tasks)} tasks.`,
  ];
  if (parts.has("pages")) lines.push(...transportTable(report));
  if (parts.has("throughput")) lines.push("", ...throughputTable(report));
  const [pages, throughput] = verdicts(report);
  lines.push("", "### Targets", "");
  if (parts.has("pages")) lines.push(`- ${pages}`);
  if (parts.has("throughput")) lines.push(`- ${throughput}`);
  return lines.join("\n");
}

const filterLabel = (c: PageCase) =>
  c.filter === "change feed"
    ? "change feed (GET /v1/task-changes)"
    : c.value === undefined
      ? "none"
      : `${c.filter}=${c.value}`;

/**
 * What sending the answer costs on its own: the floor plus the bare server's time is the least any
 * HTTP service could take for the page here, so its ratio to the floor bounds the service/floor
 * ratio from below. What remains of the service's time is its own work.
 */
function transportTable(report: Report): string[] {
  return [
    "",
    "### What the HTTP answer alone costs (ms, p50)",
    "",
    "Transport: the service's answer for each page, replayed byte for byte from memory by a bare `node:http` server in its own process (`bench/service/prepared-answer-server.ts`). Bare query: the page's SQL run through a `pg` pool and written with the service's writer by a bare `node:http` server (`bench/service/bare-query-server.ts`), the same bytes, nothing else. All timed in the same rounds as the service and the floor.",
    "",
    `| filter | page | answer | transport | floor | floor + transport | (floor + transport) / floor | bare query | bare / (floor + transport) | service | service − floor − transport | **service / (floor + transport)** | service / bare |${report.baseline ? " baseline | baseline / (floor + transport) |" : ""}`,
    `|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|${report.baseline ? "--:|--:|" : ""}`,
    ...report.pages.map(({ pageCase: c, bytes, service, floor, transport, bare, baseline }) => {
      const least = floor.p50 + transport.p50;
      return (
        `| ${filterLabel(c)} | ${c.depth} | ${(bytes / 1000).toFixed(1)} kB | ${ms(transport.p50)} | ${ms(floor.p50)} | ` +
        `${ms(least)} | ${ratio(least, floor.p50)} | ${ms(bare.p50)} | ${ratio(bare.p50, least)} | ` +
        `${ms(service.p50)} | ${ms(service.p50 - least)} | ${ratio(service.p50, least)} | ${ratio(service.p50, bare.p50)} |` +
        (baseline ? ` ${ms(baseline.p50)} | ${ratio(baseline.p50, least)} |` : "")
      );
    }),
  ];
}

const overLeast = (p: PageResult, time: Summary) => time.p50 / (p.floor.p50 + p.transport.p50);

function throughputAt(report: Report, target: string): number | undefined {
  return report.throughput.find((t) => t.target === target && t.connections === TARGETS.throughputConnections)
    ?.requestsPerSecond;
}

export function verdicts(report: Report): string[] {
  const worst = (values: number[]) => Math.max(...values);
  const full = report.pages.filter((p) => p.rows === FULL_PAGE);
  const worstOverLeast = worst(full.map((p) => overLeast(p, p.service)));
  const worstCase = full.find((p) => overLeast(p, p.service) === worstOverLeast);
  const bareOverLeast = worst(full.map((p) => overLeast(p, p.bare)));
  const baselineOverLeast = report.baseline
    ? worst(full.map((p) => (p.baseline ? overLeast(p, p.baseline) : Number.NaN)))
    : undefined;
  const tasks = throughputAt(report, "GET /v1/tasks") ?? Number.NaN;
  const healthz = throughputAt(report, "GET /healthz") ?? Number.NaN;
  const baselineTasks = throughputAt(report, BASELINE_TASKS);
  const bareTasks = throughputAt(report, BARE_TASKS);
  const share = tasks / healthz;
  const todayShare = TODAY.tasksPerSecond / TODAY.healthzPerSecond;
  const pct = (value: number) => `${(value * 100).toFixed(2)}%`;
  const overFloor = worst(report.pages.map((p) => p.service.p50 / p.floor.p50));
  const deeps = report.pages.filter((p) => p.pageCase.depth === "deep");
  const deepRatio = worst(
    deeps.map((d) => d.service.p50 / (firstPageOf(report, d)?.service.p50 ?? Number.NaN)),
  );
  const leastOverFloor = worst(report.pages.map((p) => (p.floor.p50 + p.transport.p50) / p.floor.p50));
  const met = (ok: boolean) => (ok ? "met" : "**not met**");
  const c = TARGETS.throughputConnections;
  return [
    `500-task pages within ${TARGETS.serviceOverLeast}x of floor + transport (p50, worst case over the filters): ` +
      `${worstOverLeast.toFixed(2)}x (${worstCase ? `${filterLabel(worstCase.pageCase)} ${worstCase.pageCase.depth}` : "no full page"}) — ${met(worstOverLeast <= TARGETS.serviceOverLeast)}` +
      `; a bare server that runs the page's SQL and writes it, nothing else, same rounds: ${bareOverLeast.toFixed(2)}x` +
      (baselineOverLeast === undefined
        ? ""
        : `; the baseline build, same rounds: ${baselineOverLeast.toFixed(2)}x`),
    `500-task pages at ${c} connections, at least ${TARGETS.throughputGain}x today's share of /healthz: ` +
      `${Math.round(tasks)} req/s against /healthz ${Math.round(healthz)} req/s in this run = ${pct(share)}; ` +
      `today (${TODAY.run}: ${TODAY.tasksPerSecond} against ${TODAY.healthzPerSecond}) ${pct(todayShare)}, target ${pct(todayShare * TARGETS.throughputGain)}: ` +
      `${(share / todayShare).toFixed(2)}x — ${met(share >= todayShare * TARGETS.throughputGain)}` +
      (bareTasks === undefined
        ? ""
        : `; a bare server that runs the page's SQL and writes it, nothing else, same rounds: ${Math.round(bareTasks)} req/s = ${pct(bareTasks / healthz)}, ${(bareTasks / healthz / todayShare).toFixed(2)}x, the service ${pct(tasks / bareTasks)} of it`) +
      (baselineTasks === undefined
        ? ""
        : `; the baseline build in this run: ${Math.round(baselineTasks)} req/s (${pct(baselineTasks / healthz)}), so ${(tasks / baselineTasks).toFixed(2)}x the baseline`),
    `(Retired by issue 16: page latency within 1.5x of the floor alone, p50 worst case: ${overFloor.toFixed(2)}x;` +
      ` sending the answer alone, with no work, puts it at ${leastOverFloor.toFixed(2)}x.)`,
    deeps.length === 0
      ? "Deep page within 1.2x of page 1: no filter had two full pages"
      : `Deep page within ${TARGETS.deepOverFirst}x of page 1 (p50, worst case): ${deepRatio.toFixed(2)}x — ${met(deepRatio <= TARGETS.deepOverFirst)}`,
    `Token endpoint p99 under ${TARGETS.tokenP99Ms} ms: ${ms(report.token.p99)} ms — ${met(report.token.p99 < TARGETS.tokenP99Ms)}`,
  ];
}

/**
 * Replaces the results between the markers, or appends them when the markers are missing, and
 * formats the file with the repository's settings so `npm run lint` finds it clean.
 */
export function writeReport(path: string, markdown: string): Promise<void> {
  return writeMarkedSection(path, "bench:service", markdown, { heading: "## Latest results" });
}

/** Where a block goes that its file does not hold yet. */
export interface NewBlock {
  /** Written above the block when it is appended. */
  heading?: string;
  /** The file's text when there is no file yet. */
  newFile?: string;
}

/** The same for any benchmark: its block sits between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
export async function writeMarkedSection(
  path: string,
  name: string,
  markdown: string,
  { heading, newFile = "# Benchmarks\n" }: NewBlock = {},
): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n\n${markdown}\n\n${end}`;
  const current = existsSync(path) ? readFileSync(path, "utf8") : newFile;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${heading ? `${heading}\n\n` : ""}${block}\n`;
  writeFileSync(path, await formatAsCommitted(path, next));
}

export function describeMachine(serverVersion?: string): string {
  const cpu = cpus();
  const memory = Math.round(totalmem() / 2 ** 30);
  const database = serverVersion === undefined ? "" : `, PostgreSQL ${serverVersion}`;
  return `${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${memory} GiB, Node ${process.version}${database}`;
}
