// `npm run bench:bff`: simulated staff scrolling and filtering against the sandbox service with its
// real limits, through the built dashboard (scripts/dashboard-server.ts, the BFF) and then, with
// the same script, through a plain pass-through proxy. See docs/benchmarks.md.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { elapsedLog, runBenchmark } from "../bench-runner";
import { buildDashboard } from "../dashboard-build";
import type { RunningChild } from "../../harness/child-process";
import { startDashboardProcess } from "../../harness/dashboard-process";
import { freePort } from "../../harness/free-port";
import { startServiceProcess } from "../../harness/service-process";
import { addStaffMember } from "../../harness/staff-cli";
import { describeMachine, writeMarkedSection } from "../service/report";
import { runArm, serviceCounters } from "./arm";
import { loadCatalog } from "./catalog";
import { measureIdle } from "./idle-latency";
import { HEALTH_PATH, startPassThrough, startTap } from "./proxies";
import { renderReport, type BffReport } from "./report";
import { figures, statusCounts } from "./results";
import { signInAll } from "./staff-session";
import { popularFilters, WORKLOAD } from "./workload";

const ROOT = join(import.meta.dirname, "..", "..");
const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const DEFAULTS = { staff: 50, seconds: 180, tasks: 50_000, seed: 1 };
const STAFF = envNumber("BENCH_STAFF", DEFAULTS.staff);
const SECONDS = envNumber("BENCH_SECONDS", DEFAULTS.seconds);
const TASKS = envNumber("BENCH_TASKS", DEFAULTS.tasks);
const SEED = envNumber("BENCH_SEED", DEFAULTS.seed);
/** Requests of each kind timed one at a time once an arm has ended. */
const IDLE_SAMPLES = envNumber("BENCH_IDLE_SAMPLES", 600);

/** The sandbox's documented clients: each arm has its own, so each has its own 60 a minute. */
const BFF_CLIENT = { id: "sandbox-full", secret: "sandbox-full-secret" };
const BASELINE_CLIENT = { id: "sandbox-special", secret: "p+s/w:rd%é" };
const DEMO_STAFF = { email: "staff@sandbox.example", password: "sandbox-staff-password" };

// Nothing from the caller's shell may point the programs under test elsewhere (a real database,
// a shared Redis, another staff file).
for (const name of Object.keys(process.env)) {
  if (/^(VTS_|AUTH_)|^(DATABASE_URL|REDIS_URL|STAFF_FILE|METRICS_TOKEN)$/.test(name))
    delete process.env[name];
}

const log = elapsedLog();

const stopping = new AbortController();
const children: RunningChild[] = [];
let scratch: string | undefined;

/** Idempotent, and safe from a signal handler: people stop, then every child, then the temp dir. */
async function cleanUp(): Promise<void> {
  stopping.abort();
  for (const child of children.splice(0).reverse()) await child.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

async function keep<T extends RunningChild>(child: Promise<T>): Promise<T> {
  const ready = await child;
  children.push(ready);
  return ready;
}

async function stopChild(child: RunningChild): Promise<void> {
  children.splice(children.indexOf(child), 1);
  await child.stop();
}

/** Its own build directory (next.config.mjs), so a developer's or a test run's `.next` is left alone. */
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";

async function main(): Promise<void> {
  buildDashboard({ root: ROOT, distDir: DIST_DIR, reuse: process.env.BENCH_SKIP_BUILD === "1", log });
  scratch = mkdtempSync(join(tmpdir(), "fleet-bench-bff-"));
  const servicePort = await freePort();
  log(`starting the sandbox service on port ${servicePort}; seeding ${TASKS.toLocaleString("en-US")} tasks`);
  const service = await keep(
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
  const bffTap = await keep(startTap(ROOT, service.url));
  const baselineTap = await keep(startTap(ROOT, service.url));

  // The BFF: the built dashboard, as `npm start` runs it, talking to the service through its tap.
  const bffBefore = await serviceCounters(service.url);
  const dashboardPort = await freePort();
  const dashboardUrl = `http://localhost:${dashboardPort}`;
  const metricsToken = randomBytes(24).toString("hex");
  log(`starting the dashboard on port ${dashboardPort}`);
  const dashboard = await keep(
    startDashboardProcess({
      port: dashboardPort,
      env: {
        VTS_BASE_URL: bffTap.baseUrl,
        VTS_CLIENT_ID: BFF_CLIENT.id,
        VTS_CLIENT_SECRET: BFF_CLIENT.secret,
        AUTH_SECRET: randomBytes(33).toString("base64url"),
        STAFF_FILE: staffFile,
        METRICS_TOKEN: metricsToken,
        NEXT_DIST_DIR: DIST_DIR,
      },
      keepChars: 4_000,
      timeoutMs: 120_000,
      progressEveryMs: 15_000,
      onWaiting: () => log("  waiting for the dashboard..."),
    }),
  );
  log(`signing in ${STAFF} sessions through the credentials flow`);
  const cookies = await signInAll(dashboardUrl, DEMO_STAFF, STAFF);
  const common = { cookies, catalog, seed: SEED, seconds: SECONDS, serviceUrl: service.url };
  log(`BFF arm: ${SECONDS} s`);
  const bff = await runArm({
    ...common,
    name: "BFF",
    baseUrl: dashboardUrl,
    floorPath: "/api/health",
    before: bffBefore,
    tap: bffTap,
    signal: stopping.signal,
    log,
    dashboardMetrics: { url: `${dashboardUrl}/api/metrics`, token: metricsToken },
  });
  log(`  BFF statuses: ${statusCounts(bff.samples)}`);
  // The default table's first page, as every person opens it.
  const [defaultView = {}] = popularFilters(catalog);
  const hitPath = `/api/tasks?${new URLSearchParams({ ...defaultView, limit: String(WORKLOAD.pageLimit) }).toString()}`;
  log(`BFF, one request at a time: ${IDLE_SAMPLES} of /api/health and of a cached page`);
  const bffIdle = await measureIdle({
    baseUrl: dashboardUrl,
    trivialPath: "/api/health",
    hit: { path: hitPath, cookie: cookies[0] ?? "" },
    samples: IDLE_SAMPLES,
    block: 10,
    signal: stopping.signal,
  });
  await stopChild(dashboard);

  // The baseline: the same people, the same script, through the pass-through proxy.
  const baselineBefore = await serviceCounters(service.url);
  const passThrough = await keep(startPassThrough(ROOT, baselineTap.baseUrl, BASELINE_CLIENT));
  log(`baseline arm: ${SECONDS} s`);
  const baseline = await runArm({
    ...common,
    name: "baseline",
    baseUrl: passThrough.baseUrl,
    floorPath: HEALTH_PATH,
    before: baselineBefore,
    tap: baselineTap,
    signal: stopping.signal,
    log,
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
    bff: figures(bff),
    baseline: figures(baseline),
    idle: { bff: bffIdle, baseline: baselineIdle },
  };
  const timed = Object.values(report.bff.cacheCounts).reduce((sum, n) => sum + n, 0);
  if (report.bff.untimed > 0 && timed === 0) {
    throw new Error("the dashboard build sends no Server-Timing: rebuild it (npx next build)");
  }
  if (process.env.BENCH_DUMP_DIR) {
    // The raw observations, for looking closer at a run than the report does.
    for (const arm of [bff, baseline]) {
      writeFileSync(join(process.env.BENCH_DUMP_DIR, `${arm.name}.json`), JSON.stringify(arm));
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
    await writeMarkedSection(doc, "bench:bff", markdown, "## Dashboard BFF (`npm run bench:bff`)");
    log("results written to docs/benchmarks.md");
  } else {
    log("docs/benchmarks.md left alone (not the default run; BENCH_WRITE_DOC=1 forces it)");
  }
}

await runBenchmark({
  main,
  cleanUp,
  log,
  stopping: "the simulated staff, the dashboard, the proxies and the service",
});
