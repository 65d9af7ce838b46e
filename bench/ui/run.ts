// `npm run bench:ui`: the built dashboard (scripts/dashboard-server.ts) against the sandbox
// service, in Debian's Chromium: Lighthouse on /tasks and /locations, time to the first rows, frame
// timing while scrolling 20,000 loaded rows, the CSV export of those rows, and first-load JS per
// route.
// Figures go to bench/ui/LATEST.md (between its markers); see that file for the method.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import { elapsedLog, printFailure, runBenchmark } from "../bench-runner";
import { clientToken } from "../../harness/sandbox-clients";
import type { RunningChild } from "../../harness/child-process";
import { startDashboardProcess } from "../../harness/dashboard-process";
import { startServiceProcess } from "../../harness/service-process";
import { addStaffMember } from "../../harness/dashboard-command-lines";
import { closeAllBrowsers, cookieHeader, launchBrowser, signIn } from "./browser";
import { exportVisibleRows, type ExportRun } from "./csv-export";
import { exportVisibleRowsXlsx, mirrorSynced, renderXlsxExport } from "./xlsx-export";
import { buildDashboard } from "../dashboard-build";
import { measureFirstLoadJs } from "./first-load-js";
import { firstLoadJsReport } from "./first-load-js-report";
import { filterChangeReport } from "./filter-change-report";
import { measureFirstRows } from "./first-rows";
import { renderFirstRowsRatio } from "./first-rows-ratio";
import { runLighthouse } from "./lighthouse-runs";
import { measureMaintenancePages, renderMaintenancePages } from "./maintenance-pages";
import { measureLoadCpu } from "./load-cpu";
import { renderReport, writeSection, type UiReport } from "./report";
import { openList, scroll, scrollRange, type OpenList, type ScrollPass } from "./scrolling";
import { measureSummaryPanel, renderSummaryPanel } from "./summary-panel";
import { recentVehicleId, windowWithRows } from "./task-windows";
import { measureVehiclePage, renderVehicleSection } from "./vehicle-page";

const ROOT = join(import.meta.dirname, "..", "..");
const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const DEFAULTS = { tasks: 60_000, rows: 20_000 };
const TASKS = envNumber("BENCH_TASKS", DEFAULTS.tasks);
const ROWS = envNumber("BENCH_ROWS", DEFAULTS.rows);
/** The baseline list: one page of the table. */
const SMALL_ROWS = 100;
const LIGHTHOUSE_REPEATS = envNumber("BENCH_LIGHTHOUSE_RUNS", 3);
const FIRST_ROW_RUNS = envNumber("BENCH_FIRST_ROW_RUNS", 7);
/** A full pass over the big list takes this many frames (20,000 rows: about 17 rows a frame). */
const SCROLL_FRAMES = envNumber("BENCH_SCROLL_FRAMES", 1200);
const SCROLL_ROUNDS = 3;
const EXPORT_RUNS = 5;
/** CSV and XLSX exports of the same rows, taken in turn so both meet the same machine load. */
const XLSX_EXPORT_RUNS = envNumber("BENCH_XLSX_EXPORT_RUNS", 3);
/** Lifted for the benchmark: 20,000 rows are 40 upstream pages, more than the default 60 a minute allows. */
const RATE_LIMIT = 100_000;
const MAX_WINDOW_DAYS = 92;
/** `npm run bench:ui -- --vehicle-only`: the vehicle page's figures alone (bench/ui/vehicle-page.ts). */
const VEHICLE_ONLY = process.argv.includes("--vehicle-only");
const VEHICLE_RUNS = envNumber("BENCH_VEHICLE_RUNS", 7);
/** Its own build directory: a developer's `.next` and bench:bff's `.next-bench` stay untouched. */
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench-ui";
const SERVICE_CLIENT = { id: "sandbox-full", secret: "sandbox-full-secret" };
const DEMO_STAFF = {
  email: "staff@sandbox.example",
  password: "sandbox-staff-password",
  name: "Sandbox Staff",
};

// Nothing from the caller's shell may point the programs under test elsewhere.
for (const name of Object.keys(process.env)) {
  if (/^(VTS_|AUTH_)|^(DATABASE_URL|REDIS_URL|STAFF_FILE|METRICS_TOKEN)$/.test(name))
    delete process.env[name];
}

const log = elapsedLog();

const children: RunningChild[] = [];
let interrupted = false;
let scratch: string | undefined;

/** Idempotent, and safe from a signal handler: browsers, then the dashboard and the service, then files. */
async function cleanUp(): Promise<void> {
  await closeAllBrowsers();
  for (const child of children.splice(0).reverse()) await child.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

// Whatever ends the process, its temporary files go with it (the harness kills the children).
process.once("exit", () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function describeBuild(): string {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT }).toString().trim();
  const commit = git("rev-parse", "--short", "HEAD");
  const changed = git(
    "status",
    "--porcelain",
    "--",
    "app",
    "components",
    "lib",
    "proxy.ts",
    "next.config.mjs",
  )
    .split("\n")
    .filter(Boolean).length;
  return changed === 0
    ? `built from ${commit}`
    : `built from ${commit} plus uncommitted changes in ${changed} files under app/, components/, lib/`;
}

function describeMachine(browser: Browser): string {
  const cpu = cpus();
  const lighthouse = JSON.parse(readFileSync(join(ROOT, "node_modules/lighthouse/package.json"), "utf8")) as {
    version: string;
  };
  return (
    `${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, Chromium ${browser.version()} (headless), Lighthouse ${lighthouse.version}`
  );
}

async function startPrograms(dir: string): Promise<{ serviceUrl: string; dashboardUrl: string }> {
  log(`starting the sandbox service; seeding ${TASKS.toLocaleString("en-US")} tasks`);
  const service = await startServiceProcess(
    {
      VTS_DATA_DIR: join(dir, "vts"),
      VTS_SEED_TASKS: String(TASKS),
      VTS_RATE_LIMIT_PER_MIN: String(RATE_LIMIT),
      VTS_LOG_LEVEL: "warn",
    },
    {
      logFile: join(dir, "logs", "service.log"),
      graceMs: 5_000,
      timeoutMs: 10 * 60_000,
      onWaiting: (elapsed) => log(`  seeding... ${Math.round(elapsed / 1000)} s`),
    },
  );
  children.push(service);

  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  log(`starting the dashboard (${DIST_DIR})`);
  const dashboard = await startDashboardProcess({
    env: {
      VTS_BASE_URL: service.url,
      VTS_CLIENT_ID: SERVICE_CLIENT.id,
      VTS_CLIENT_SECRET: SERVICE_CLIENT.secret,
      AUTH_SECRET: randomBytes(33).toString("base64url"),
      STAFF_FILE: staffFile,
      NEXT_DIST_DIR: DIST_DIR,
    },
    logFile: join(dir, "logs", "dashboard.log"),
    timeoutMs: 120_000,
    onWaiting: () => log("  waiting for the dashboard..."),
  });
  children.push(dashboard);
  return { serviceUrl: service.url, dashboardUrl: dashboard.url };
}

const listPath = (from: string, to: string) => `/tasks?${new URLSearchParams({ from, to }).toString()}`;

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0] ?? 0;
  buildDashboard({ root: ROOT, distDir: DIST_DIR, reuse: process.env.BENCH_SKIP_BUILD === "1", log });
  const build = describeBuild();
  scratch = mkdtempSync(join(tmpdir(), "fleet-bench-ui-"));
  mkdirSync(join(scratch, "logs"));
  const { serviceUrl, dashboardUrl } = await startPrograms(scratch);
  // BENCH_UI_ONLY=first-load-js: first-load JS per route alone (issue 16), nothing written.
  if (process.env.BENCH_UI_ONLY === "first-load-js") {
    const browser = await launchBrowser();
    const vehicleId = await recentVehicleId(serviceUrl, await clientToken(serviceUrl, SERVICE_CLIENT));
    const options = { browser, baseUrl: dashboardUrl, staff: DEMO_STAFF, vehicleId, log };
    console.log(`\n${await firstLoadJsReport({ ...options, machine: describeMachine(browser) })}\n`);
    return;
  }
  // BENCH_UI_ONLY=filter-change: that measurement alone (issue 15's table), nothing written.
  if (process.env.BENCH_UI_ONLY === "filter-change") {
    const browser = await launchBrowser();
    console.log(await filterChangeReport(browser, dashboardUrl, DEMO_STAFF, describeMachine(browser), log));
    const session = await signIn(browser, dashboardUrl, DEMO_STAFF);
    const js = await measureFirstLoadJs(dashboardUrl, [
      { route: "/tasks", cookie: cookieHeader(session, dashboardUrl) },
    ]);
    for (const route of js.routes)
      console.log(
        `first-load JS ${route.route}: ${route.gzipBytes} bytes gzip -9 (${route.scripts} scripts)`,
      );
    return;
  }

  // BENCH_UI_ONLY=maintenance: Lighthouse on the maintenance pages alone, nothing written.
  if (process.env.BENCH_UI_ONLY === "maintenance") {
    const browser = await launchBrowser();
    const session = await signIn(browser, dashboardUrl, DEMO_STAFF);
    const runs = await measureMaintenancePages(
      dashboardUrl,
      cookieHeader(session, dashboardUrl),
      LIGHTHOUSE_REPEATS,
      log,
    );
    const load = `load average ${loadAtStart.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`;
    console.log(
      `\n${describeMachine(browser)}; ${load}\n\n${renderMaintenancePages(runs, LIGHTHOUSE_REPEATS)}\n`,
    );
    return;
  }

  const token = await clientToken(serviceUrl, SERVICE_CLIENT);
  const hour = 3_600_000;
  const from = new Date(Math.floor((Date.now() - 85 * 24 * hour) / hour) * hour);
  const big = await windowWithRows(serviceUrl, token, from, ROWS, MAX_WINDOW_DAYS);
  const small = await windowWithRows(serviceUrl, token, from, SMALL_ROWS, MAX_WINDOW_DAYS);
  log(`lists: ${big.rows} rows up to ${big.to}, ${small.rows} rows up to ${small.to}`);

  const browser = await launchBrowser();
  const machine = describeMachine(browser);
  const session = await signIn(browser, dashboardUrl, DEMO_STAFF);
  const cookie = cookieHeader(session, dashboardUrl);
  const vehicleOptions = { browser, session, baseUrl: dashboardUrl, cookie, log };
  const bigFrom = Date.parse(big.from);
  const firstRowsRun = () =>
    measureFirstRows({
      browser,
      session,
      // Each run's window starts a minute earlier: a list of its own, which no cache holds yet.
      listUrl: (i) => `${dashboardUrl}${listPath(new Date(bigFrom - i * 60_000).toISOString(), big.to)}`,
      runs: FIRST_ROW_RUNS,
    });
  // BENCH_UI_ONLY=first-rows: issue 16's first rows against first paint alone, nothing written.
  if (process.env.BENCH_UI_ONLY === "first-rows") {
    const runs = await firstRowsRun();
    const load = `load average ${loadAtStart.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`;
    console.log(`\n${machine}; ${load}\n\n${renderFirstRowsRatio(runs)}\n`);
    return;
  }
  // BENCH_UI_ONLY=xlsx-export: the loaded rows exported as CSV and as XLSX, in turn, nothing written.
  if (process.env.BENCH_UI_ONLY === "xlsx-export") {
    const list = await openList(browser, session, `${dashboardUrl}${listPath(big.from, big.to)}`, big.rows);
    try {
      log("waiting for the mirror to sync every window (the XLSX is written from it)");
      await mirrorSynced(list.page, dashboardUrl);
      const csvMs: number[] = [];
      const xlsx = [];
      for (let i = 0; i < XLSX_EXPORT_RUNS; i += 1) {
        csvMs.push((await exportVisibleRows(browser, list.page, big.rows)).clickToDownload);
        xlsx.push(await exportVisibleRowsXlsx(list.page, big.rows));
        log(
          `  run ${i + 1}: CSV ${Math.round(csvMs.at(-1)!)} ms, XLSX ${Math.round(xlsx.at(-1)!.clickToDownload)} ms`,
        );
      }
      const load = `load average ${loadAtStart.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`;
      console.log(`\n${machine}; ${load}\n\n${renderXlsxExport(big.rows, csvMs, xlsx)}\n`);
    } finally {
      await list.close();
    }
    return;
  }
  const vehicleRun = () =>
    measureVehiclePage({ ...vehicleOptions, runs: VEHICLE_RUNS, lighthouseRepeats: LIGHTHOUSE_REPEATS });
  if (VEHICLE_ONLY) {
    console.log(`\n${machine}\n\n${renderVehicleSection(await vehicleRun())}\n`);
    return;
  }

  log(`summary panel render for a ${MAX_WINDOW_DAYS}-day window, ${FIRST_ROW_RUNS} runs`);
  const summaryPanel = await measureSummaryPanel({
    browser,
    session,
    baseUrl: dashboardUrl,
    cookie,
    from,
    runs: FIRST_ROW_RUNS,
    log,
  });
  // BENCH_UI_ONLY=summary-panel: that measurement alone (issue 15's summary panel), nothing written.
  if (process.env.BENCH_UI_ONLY === "summary-panel") {
    console.log(`\n${renderSummaryPanel(summaryPanel)}\n`);
    return;
  }

  log("first-load JS of /tasks, /locations and /sign-in");
  const js = await measureFirstLoadJs(dashboardUrl, [
    { route: "/tasks", cookie },
    { route: "/locations", cookie },
    { route: "/sign-in", cookie: undefined },
  ]);

  log(`time to first rows: ${FIRST_ROW_RUNS} runs each of cold, warm and warm with a cached list`);
  const firstRows = await firstRowsRun();

  log(`main-thread CPU of loading /tasks and /locations, ${LIGHTHOUSE_REPEATS} rounds`);
  const loadCpu = await measureLoadCpu(
    browser,
    session,
    dashboardUrl,
    ["/tasks", "/locations"],
    LIGHTHOUSE_REPEATS,
  );

  log(`Lighthouse (desktop): /tasks and /locations, ${LIGHTHOUSE_REPEATS} rounds`);
  const lighthouse = await runLighthouse(
    dashboardUrl,
    ["/tasks", "/locations"],
    cookie,
    LIGHTHOUSE_REPEATS,
    log,
  );

  log(`loading ${big.rows.toLocaleString("en-US")} rows by scrolling the table to its end`);
  const lists: OpenList[] = [];
  let scrollResult: UiReport["scroll"];
  const exports: ExportRun[] = [];
  let loading: OpenList["loaded"];
  let heap: UiReport["heap"];
  try {
    const open = (list: typeof big) =>
      openList(browser, session, `${dashboardUrl}${listPath(list.from, list.to)}`, list.rows);
    const bigList = await open(big);
    lists.push(bigList);
    loading = bigList.loaded;
    log(`  ${bigList.loaded.rows} rows in ${(bigList.loaded.ms / 1000).toFixed(1)} s`);
    const smallList = await open(small);
    lists.push(smallList);
    heap = { big: bigList.liveHeapBytes, small: smallList.liveHeapBytes };
    log(
      `  live JS heap: ${(heap.big / 1e6).toFixed(1)} MB with ${big.rows} rows, ${(heap.small / 1e6).toFixed(1)} MB with ${small.rows}`,
    );

    const stepPx = (await scrollRange(bigList.page)) / SCROLL_FRAMES;
    const bigRuns: ScrollPass[] = [];
    const smallRuns: ScrollPass[] = [];
    for (let round = 1; round <= SCROLL_ROUNDS; round += 1) {
      const pass = await scroll(browser, bigList.page, {
        step: stepPx,
        frames: 4 * SCROLL_FRAMES,
        bounce: false,
      });
      if (pass.lastIndexShown !== big.rows - 1) {
        throw new Error(`the pass ended at row ${pass.lastIndexShown}, not at the last row ${big.rows - 1}`);
      }
      // The same number of frames at the same speed, back and forth over the short list.
      const baseline = await scroll(browser, smallList.page, {
        step: stepPx,
        frames: pass.frames.length,
        bounce: true,
      });
      bigRuns.push(pass);
      smallRuns.push(baseline);
      const perFrame = (run: ScrollPass) => (run.cpu.cpuMs / run.frames.length).toFixed(1);
      log(
        `  scroll round ${round}: ${pass.frames.length} frames; long tasks ${pass.longTasks.length} ` +
          `(baseline ${baseline.longTasks.length}); CPU per frame ${perFrame(pass)} ms (baseline ${perFrame(baseline)} ms)`,
      );
    }
    scrollResult = { stepPx, big: bigRuns, small: smallRuns };

    log(`CSV export of the loaded rows, ${EXPORT_RUNS} times`);
    for (let i = 0; i < EXPORT_RUNS; i += 1)
      exports.push(await exportVisibleRows(browser, bigList.page, big.rows));
  } finally {
    for (const list of lists) await list.close();
  }

  const report: UiReport = {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    machine,
    load: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    build,
    data: { seedTasks: TASKS, rateLimit: RATE_LIMIT, big, small },
    lighthouse,
    lighthouseRepeats: LIGHTHOUSE_REPEATS,
    loadCpu,
    firstRows,
    loading,
    heap,
    scroll: scrollResult,
    exports,
    js,
  };
  const markdown = [
    renderReport(report),
    renderFirstRowsRatio(firstRows),
    renderSummaryPanel(summaryPanel),
    renderVehicleSection(await vehicleRun()),
  ].join("\n\n");
  console.log(`\n${markdown}\n`);
  // A traced run (BENCH_TRACE_DIR) pays for its extra trace categories: not for the record.
  const standard = TASKS === DEFAULTS.tasks && ROWS === DEFAULTS.rows && !process.env.BENCH_TRACE_DIR;
  if (standard || process.env.BENCH_WRITE_LATEST === "1") {
    await writeSection(
      join(ROOT, "bench", "ui", "LATEST.md"),
      markdown,
      "# Dashboard UI benchmark: latest figures",
    );
    log("figures written to bench/ui/LATEST.md");
  } else {
    log("bench/ui/LATEST.md left alone (not the default run; BENCH_WRITE_LATEST=1 forces it)");
  }
}

await runBenchmark({
  main,
  cleanUp,
  log,
  stopping: "the browsers, the dashboard and the service",
  signals: ["SIGINT", "SIGTERM", "SIGHUP"],
  onSignal: () => {
    interrupted = true;
  },
  onFailure: (error) => {
    // After Ctrl-C the measurement fails on its closed browser: that is not worth a stack trace.
    if (interrupted) return;
    printFailure(error);
    // The logs go with the temporary folder: show the servers' last words first.
    for (const name of ["dashboard", "service"]) {
      const file = scratch && join(scratch, "logs", `${name}.log`);
      if (file && existsSync(file))
        console.error(`--- ${name} log (end)\n${readFileSync(file, "utf8").slice(-2000)}`);
    }
  },
});
