// `npm run bench:bff`: simulated staff scrolling and filtering against the sandbox service with its
// real limits, through the built dashboard (scripts/dashboard-server.ts, the BFF) with MIRROR=off,
// then with its task mirror filled first, then, with the same script, through a plain pass-through
// proxy. See docs/benchmarks.md.
import { randomBytes } from "node:crypto";
import { BenchChildren, forgetCallerSettings } from "./bench-children";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { elapsedLog, runBenchmark } from "../bench-runner";
import { buildDashboard } from "../dashboard-build";
import type { DashboardProcess } from "../../harness/dashboard-process";
import { freePort } from "../../harness/free-port";
import { startServiceProcess } from "../../harness/service-process";
import { addStaffMember } from "../../harness/dashboard-command-lines";
import { describeMachine, writeMarkedSection } from "../service/report";
import { runArm, serviceCounters } from "./arm";
import { startBffDashboard, waitOutServiceWindow } from "./bff-dashboard";
import { loadCatalog } from "./catalog";
import { measureIdle, type ServedBy } from "./idle-latency";
import { MirrorWatch } from "./mirror-watch";
import { HEALTH_PATH, startPassThrough, startTap } from "./proxies";
import { renderReport, type BffReport } from "./report";
import { figures, statusCounts } from "./results";
import { isV1 } from "./upstream-tap";
import { signInAll } from "./staff-session";
import { popularFilters, WORKLOAD } from "./workload";

const ROOT = join(import.meta.dirname, "..", "..");
const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const DEFAULTS = { staff: 50, seconds: 180, tasks: 50_000, seed: 1 };
const STAFF = envNumber("BENCH_STAFF", DEFAULTS.staff);
const SECONDS = envNumber("BENCH_SECONDS", DEFAULTS.seconds);
const TASKS = envNumber("BENCH_TASKS", DEFAULTS.tasks);
const SEED = envNumber("BENCH_SEED", DEFAULTS.seed);
/** The fill took about 4 minutes at the defaults (docs/benchmarks.md); a stuck sync must not hang the run. */
const FILL_TIMEOUT_MS = envNumber("BENCH_FILL_TIMEOUT_S", 15 * 60) * 1000;
/** Requests of each kind timed one at a time once an arm has ended. */
const IDLE_SAMPLES = envNumber("BENCH_IDLE_SAMPLES", 600);

/**
 * The sandbox's documented clients with both scopes: the baseline has its own; the two BFF arms
 * share one, the second waiting until the service's window of the first has closed.
 */
const BFF_CLIENT = { id: "sandbox-full", secret: "sandbox-full-secret" };
const BASELINE_CLIENT = { id: "sandbox-special", secret: "p+s/w:rd%é" };
const DEMO_STAFF = { email: "staff@sandbox.example", password: "sandbox-staff-password" };

forgetCallerSettings();

const log = elapsedLog();

const stopping = new AbortController();
const children = new BenchChildren();
let scratch: string | undefined;

/** Idempotent, and safe from a signal handler: people stop, then every child, then the temp dir. */
async function cleanUp(): Promise<void> {
  stopping.abort();
  await children.stopAll();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

/** Its own build directory (next.config.mjs), so a developer's or a test run's `.next` is left alone. */
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";

async function main(): Promise<void> {
  buildDashboard({ root: ROOT, distDir: DIST_DIR, reuse: process.env.BENCH_SKIP_BUILD === "1", log });
  scratch = mkdtempSync(join(tmpdir(), "fleet-bench-bff-"));
  const servicePort = await freePort();
  log(`starting the sandbox service on port ${servicePort}; seeding ${TASKS.toLocaleString("en-US")} tasks`);
  const service = await children.keep(
    startServiceProcess(
      {
        VTS_DATA_DIR: join(scratch, "vts"),
        VTS_SEED_TASKS: String(TASKS),
        VTS_LOG_LEVEL: "warn",
        VTS_PORT: String(servicePort),
      },
      {
        keepChars: 4_000,
        graceMs: 5_000,
        timeoutMs: 10 * 60_000,
        progressEveryMs: 15_000,
        onWaiting: (elapsed) => log(`  seeding... ${Math.round(elapsed / 1000)} s`),
      },
    ),
  );
  const catalog = await loadCatalog(service.url);
  log(
    `catalog: ${catalog.locationIds.length} locations, ${catalog.mvas.length} vehicles; ` +
      `${STAFF} staff, ${SECONDS} s per arm, seed ${SEED}`,
  );
  const staffFile = join(scratch, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  const offTap = await children.keep(startTap(ROOT, service.url));
  const mirrorTap = await children.keep(startTap(ROOT, service.url));
  const baselineTap = await children.keep(startTap(ROOT, service.url));
  const metricsToken = randomBytes(24).toString("hex");
  const metricsOf = (dashboard: DashboardProcess) => ({
    url: `${dashboard.url}/api/metrics`,
    token: metricsToken,
  });
  const common = {
    catalog,
    seed: SEED,
    seconds: SECONDS,
    serviceUrl: service.url,
    signal: stopping.signal,
    log,
  };
  // The default table's first page, as every person opens it.
  const [defaultView = {}] = popularFilters(catalog);
  const hitPath = `/api/tasks?${new URLSearchParams({ ...defaultView, limit: String(WORKLOAD.pageLimit) }).toString()}`;
  const idleOf = (dashboard: DashboardProcess, cookie: string, servedBy: ServedBy) => {
    log(
      `${dashboard.url}, one request at a time: ${IDLE_SAMPLES} of /api/health and of a page from the ${servedBy}`,
    );
    return measureIdle({
      baseUrl: dashboard.url,
      trivialPath: "/api/health",
      hit: { path: hitPath, cookie, servedBy },
      samples: IDLE_SAMPLES,
      block: 10,
      signal: stopping.signal,
    });
  };

  // (a) The BFF without its task mirror: every page from the cache or the service.
  const offBefore = await serviceCounters(service.url);
  const bff = { staffFile, metricsToken, distDir: DIST_DIR, client: BFF_CLIENT, log };
  const offDashboard = await children.keep(startBffDashboard({ ...bff, tap: offTap }, { MIRROR: "off" }));
  log(`signing in ${STAFF} sessions through the credentials flow`);
  const offCookies = await signInAll(offDashboard.url, DEMO_STAFF, STAFF);
  log(`BFF arm, mirror off: ${SECONDS} s`);
  const off = await runArm({
    ...common,
    name: "BFF, mirror off",
    cookies: offCookies,
    baseUrl: offDashboard.url,
    floorPath: "/api/health",
    before: offBefore,
    tap: offTap,
    dashboardMetrics: metricsOf(offDashboard),
  });
  log(`  mirror off statuses: ${statusCounts(off.samples)}`);
  const offIdle = await idleOf(offDashboard, offCookies[0] ?? "", "cache");
  await children.stop(offDashboard);

  // (b) The BFF with its task mirror, filled completely before anyone signs in to work.
  await waitOutServiceWindow(offTap, log, stopping.signal);
  const fillStarted = Date.now();
  const mirrorDashboard = await children.keep(startBffDashboard({ ...bff, tap: mirrorTap }, {}));
  log(`signing in ${STAFF} sessions while the mirror fills`);
  const mirrorCookies = await signInAll(mirrorDashboard.url, DEMO_STAFF, STAFF);
  const watch = new MirrorWatch(mirrorDashboard.url, mirrorCookies[0] ?? "");
  const filled = await watch
    .untilFilled({ timeoutMs: FILL_TIMEOUT_MS, signal: stopping.signal, log })
    .finally(() => watch.close());
  const fill = {
    seconds: (filled.at - fillStarted) / 1000,
    windows: filled.status.windows.total,
    rows: filled.status.rows,
    v1Calls: (await mirrorTap.records()).filter(isV1).length,
  };
  log(
    `mirror filled: ${fill.windows} windows, ${fill.rows} rows in ${fill.seconds.toFixed(0)} s, ${fill.v1Calls} /v1 calls`,
  );
  const mirrorBefore = await serviceCounters(service.url);
  log(`BFF arm, mirror on: ${SECONDS} s`);
  const mirror = await runArm({
    ...common,
    name: "BFF, mirror on",
    cookies: mirrorCookies,
    baseUrl: mirrorDashboard.url,
    floorPath: "/api/health",
    before: mirrorBefore,
    tap: mirrorTap,
    recordsFromStart: true,
    dashboardMetrics: metricsOf(mirrorDashboard),
    mirror: { cookie: mirrorCookies[0] ?? "" },
  });
  log(`  mirror on statuses: ${statusCounts(mirror.samples)}`);
  const mirrorIdle = await idleOf(mirrorDashboard, mirrorCookies[0] ?? "", "mirror");
  await children.stop(mirrorDashboard);

  // (c) The baseline: the same people, the same script, through the pass-through proxy.
  const baselineBefore = await serviceCounters(service.url);
  const passThrough = await children.keep(startPassThrough(ROOT, baselineTap.baseUrl, BASELINE_CLIENT));
  log(`baseline arm: ${SECONDS} s`);
  const baseline = await runArm({
    ...common,
    name: "pass-through",
    cookies: offCookies,
    baseUrl: passThrough.baseUrl,
    floorPath: HEALTH_PATH,
    before: baselineBefore,
    tap: baselineTap,
  });
  log(`  baseline statuses: ${statusCounts(baseline.samples)}`);
  log(`baseline, one request at a time: ${IDLE_SAMPLES} of its trivial route`);
  const baselineIdle = await measureIdle({
    baseUrl: passThrough.baseUrl,
    trivialPath: HEALTH_PATH,
    samples: IDLE_SAMPLES,
    block: 10,
    signal: stopping.signal,
  });

  const report: BffReport = {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    machine: describeMachine(),
    cores: cpus().length,
    tasks: TASKS,
    staff: STAFF,
    seconds: SECONDS,
    seed: SEED,
    mirror: figures(mirror),
    off: figures(off),
    baseline: figures(baseline),
    fill,
    idle: { mirror: mirrorIdle, off: offIdle, baseline: baselineIdle },
  };
  const timed = Object.values(report.off.cacheCounts).reduce((sum, n) => sum + n, 0);
  if (report.off.untimed > 0 && timed === 0) {
    throw new Error("the dashboard build sends no Server-Timing: rebuild it (npx next build)");
  }
  if (process.env.BENCH_DUMP_DIR) {
    // The raw observations, for looking closer at a run than the report does.
    for (const [file, arm] of [
      ["mirror-on", mirror],
      ["mirror-off", off],
      ["pass-through", baseline],
    ] as const) {
      writeFileSync(join(process.env.BENCH_DUMP_DIR, `${file}.json`), JSON.stringify(arm));
    }
  }
  const markdown = renderReport(report);
  console.log(`\n${markdown}\n`);
  const standard =
    STAFF === DEFAULTS.staff &&
    SECONDS === DEFAULTS.seconds &&
    TASKS === DEFAULTS.tasks &&
    SEED === DEFAULTS.seed;
  if (standard || process.env.BENCH_WRITE_DOC === "1") {
    const doc = join(ROOT, "docs", "benchmarks.md");
    await writeMarkedSection(doc, "bench:bff", markdown, {
      heading: "## Dashboard BFF (`npm run bench:bff`)",
    });
    log("results written to docs/benchmarks.md");
  } else {
    log("docs/benchmarks.md left alone (not the default run; BENCH_WRITE_DOC=1 forces it)");
  }
}

// `-- --only idle`: the one-request-at-a-time targets alone, in a few minutes (idle-run.ts).
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
if (only === "idle") await import("./idle-run");
else if (only !== undefined) throw new Error(`--only ${only}: the only part that runs alone is "idle"`);
else
  await runBenchmark({
    main,
    cleanUp,
    log,
    stopping: "the simulated staff, the dashboard, the proxies and the service",
  });
