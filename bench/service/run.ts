// `npm run bench:service`: seeds a throwaway PostgreSQL through the real service, then measures page
// latency against the raw-SQL floor, throughput, and the token endpoint. See docs/benchmarks.md.
import { join } from "node:path";
import type pg from "pg";
import { elapsedLog, runBenchmark } from "../bench-runner";
import type { RunningChild } from "../../harness/child-process";
import { startHealthyChild } from "../../harness/healthy-child";
import { freePort } from "../../harness/free-port";
import type { LocalPostgres } from "../../harness/local-postgres";
import { REPO_ROOT } from "../../harness/repo-root";
import { startServiceProcess, type ServiceProcess } from "../../harness/service-process";
import { buildCases, buildFeedCases, dayPage } from "./cases";
import {
  changeXidOf,
  connect,
  databaseSizeMb,
  explain,
  readFacts,
  SERVER_SETTINGS,
  startDatabase,
} from "./database";
import { HttpClient } from "./http-client";
import { fetchToken, measurePages, measureToken, placeBarePage } from "./measure";
import {
  BARE_TASKS,
  BASELINE_TASKS,
  describeMachine,
  renderPartial,
  renderReport,
  writeReport,
  type PageResult,
  type Report,
} from "./report";
import { throughputSuite, type ThroughputResult } from "./throughput";

const DEFAULT_TASKS = 1_000_000;
const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const TASKS = envNumber("BENCH_TASKS", DEFAULT_TASKS);
const SAMPLES = envNumber("BENCH_SAMPLES", 200);
const DURATION_S = envNumber("BENCH_DURATION", 10);
const ROUNDS = envNumber("BENCH_ROUNDS", 2);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || "1,16,64").split(",").map(Number);
// Some parts only, for quick comparisons while working ("pages,throughput"); such a run is printed,
// never written to the document.
const ALL_PARTS = ["pages", "throughput", "token"];
const PARTS = new Set((process.env.BENCH_ONLY || ALL_PARTS.join(",")).split(",").map((part) => part.trim()));
const unknownPart = [...PARTS].find((part) => !ALL_PARTS.includes(part));
if (unknownPart)
  throw new Error(`BENCH_ONLY: unknown part "${unknownPart}" (parts: ${ALL_PARTS.join(", ")})`);
const ALL_RUN = ALL_PARTS.every((part) => PARTS.has(part));
const LIFTED = "1000000000";
// A checkout of another build of the service (say, main's), run beside this one on the same
// database and timed in the same rounds: the machine is shared, so only same-run figures compare.
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR || undefined;
// One issuer for both builds, so one token is valid on either.
const ISSUER = "http://vts.bench";

const log = elapsedLog();

let pgServer: LocalPostgres | undefined;
let service: ServiceProcess | undefined;
let baselineService: ServiceProcess | undefined;
let transportServer: RunningBenchServer | undefined;
let bareServer: RunningBenchServer | undefined;
let db: pg.Client | undefined;
let http: HttpClient | undefined;
let transport: HttpClient | undefined;
let bare: HttpClient | undefined;
let baselineHttp: HttpClient | undefined;

/** Idempotent, and safe from a signal handler: whatever was started is stopped. */
async function cleanUp(): Promise<void> {
  http?.close();
  transport?.close();
  bare?.close();
  baselineHttp?.close();
  await db?.end().catch(() => {});
  await service?.stop();
  await baselineService?.stop();
  await transportServer?.stop();
  await bareServer?.stop();
  try {
    pgServer?.stop();
  } catch {
    // Already gone (a Ctrl-C in the terminal also reaches the postmaster); its folder is removed anyway.
  }
  http = transport = bare = baselineHttp = db = undefined;
  service = baselineService = pgServer = undefined;
  transportServer = bareServer = undefined;
}

type RunningBenchServer = RunningChild & { url: string };

/** One of the bare node:http servers the service is timed beside, in its own process. */
async function startBenchServer(name: string, file: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startHealthyChild({
    name,
    args: ["--import", "tsx", `bench/service/${file}`],
    env: { ...process.env, ...env, PORT: String(port) },
    healthUrl: `${url}/healthz`,
    timeoutMs: 30_000,
    keepChars: 4_000,
  });
  return Object.assign(child, { url });
}

async function main(): Promise<void> {
  log(`starting PostgreSQL`);
  const database = await startDatabase();
  pgServer = database.server;
  db = await connect(database.url);
  const monitor = db;

  const port = await freePort();
  log(`starting the service on port ${port}; seeding ${TASKS.toLocaleString("en-US")} tasks`);
  const serviceEnv = {
    DATABASE_URL: database.url,
    VTS_SEED_TASKS: String(TASKS),
    VTS_RATE_LIMIT_PER_MIN: LIFTED,
    VTS_TOKEN_RATE_LIMIT_PER_MIN: LIFTED,
    VTS_MAX_WINDOW_DAYS: "3660",
    VTS_LOG_LEVEL: "warn",
    VTS_ISSUER: ISSUER,
  };
  service = await startServiceProcess(
    { ...serviceEnv, VTS_PORT: String(port) },
    {
      // Flags for the service alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
      nodeArgs: process.env.BENCH_SERVICE_NODE_ARGS?.split(" "),
      keepChars: 4_000,
      graceMs: 5_000,
      timeoutMs: 15 * 60_000,
      progressEveryMs: 15_000,
      // Seeding is one transaction, so row counts stay 0 until it commits; the database's size does grow.
      onWaiting: async (elapsed) =>
        log(`  seeding... ${Math.round(elapsed / 1000)} s, database ${await databaseSizeMb(monitor)} MB`),
    },
  );
  if (BASELINE_DIR) {
    log(`starting the baseline service from ${BASELINE_DIR} on the same database`);
    // The same seed and size: it finds the data in place and only rewrites the fixture clients.
    baselineService = await startServiceProcess(
      { ...serviceEnv, VTS_PORT: String(await freePort()) },
      { cwd: BASELINE_DIR, keepChars: 4_000, graceMs: 5_000, timeoutMs: 120_000 },
    );
  }
  log(`service healthy; database ${await databaseSizeMb(db)} MB; running ANALYZE`);
  await db.query("ANALYZE");
  const facts = await readFacts(db);

  http = new HttpClient(service.url);
  const token = await fetchToken(http);
  const api = http.withHeaders({ authorization: `Bearer ${token}` });

  log(`finding deep cursors (window ${facts.window.from} .. ${facts.window.to})`);
  const cases = [
    ...(await buildCases(api, facts, log)),
    ...(await buildFeedCases(api, facts, (id) => changeXidOf(monitor, id), log)),
  ];

  baselineHttp = baselineService ? new HttpClient(baselineService.url) : undefined;
  const baselineApi = baselineHttp?.withHeaders({ authorization: `Bearer ${token}` });
  // The bare query server is timed beside the service in both timed parts; the transport server
  // only replays the latency part's answers.
  if (PARTS.has("pages") || PARTS.has("throughput")) {
    bareServer = await startBenchServer("bare query server", "bare-query-server.ts", {
      DATABASE_URL: database.url,
    });
    bare = new HttpClient(bareServer.url);
  }
  let pages: PageResult[] = [];
  if (PARTS.has("pages") && bare) {
    transportServer = await startBenchServer("transport server", "prepared-answer-server.ts");
    transport = new HttpClient(transportServer.url);
    log(
      `page latency: ${cases.length} cases x ${SAMPLES} samples, service, floor, transport and bare query server, round-robin`,
    );
    pages = await measurePages(cases, { service: api, transport, bare, baseline: baselineApi }, db, {
      samples: SAMPLES,
      warmup: 20,
      block: 10,
    });
  }

  const deep =
    cases.find((c) => c.depth === "deep" && c.filter === "location_id") ??
    cases.find((c) => c.depth === "deep");
  const explainCase = deep ?? cases[0];
  if (!explainCase) throw new Error("no cases");
  const plan = await explain(db, explainCase.floor);

  const day = dayPage(facts);
  const dayAnswer = await api.get(day.path);
  if (dayAnswer.status !== 200) throw new Error(`${day.path} answered ${dayAnswer.status}`);
  const throughputRows = (JSON.parse(dayAnswer.body.toString("utf8")) as { data: unknown[] }).data.length;
  const bearer = { authorization: `Bearer ${token}` };
  let throughput: ThroughputResult[] = [];
  if (PARTS.has("throughput") && bareServer && bare) {
    // The bare query server answers the same page from the same SQL: what a server that does only
    // that reaches at the same connections, beside the service, in the same rounds.
    const barePath = "/pages/day";
    await placeBarePage(bare, barePath, day.floor, dayAnswer);
    throughput = await throughputSuite({
      targets: [
        { name: "GET /v1/tasks", baseUrl: service.url, path: day.path, headers: bearer },
        ...(baselineService
          ? [{ name: BASELINE_TASKS, baseUrl: baselineService.url, path: day.path, headers: bearer }]
          : []),
        { name: BARE_TASKS, baseUrl: bareServer.url, path: barePath, headers: {} },
        { name: "GET /healthz", baseUrl: service.url, path: "/healthz", headers: {} },
      ],
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      rounds: ROUNDS,
      log,
    });
  }

  const skipped = { n: 0, p50: Number.NaN, p99: Number.NaN, mean: Number.NaN };
  if (PARTS.has("token")) log("token endpoint: 500 sequential requests, interleaved with /healthz");
  const tokenRun = PARTS.has("token")
    ? await measureToken(http, { samples: 500, warmup: 20, block: 10 })
    : { token: skipped, healthz: skipped };

  const report: Report = {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    machine: describeMachine(facts.serverVersion),
    tasks: facts.totalTasks,
    samples: SAMPLES,
    pages,
    throughput,
    throughputRows,
    token: tokenRun.token,
    healthz: tokenRun.healthz,
    serverSettings: SERVER_SETTINGS.join(" "),
    explainTitle: `${explainCase.filter} ${explainCase.depth}, after ${explainCase.offset.toLocaleString("en-US")} rows`,
    explain: plan,
    baseline: BASELINE_DIR,
  };
  if (!ALL_RUN) {
    console.log(`\n${renderPartial(report, PARTS)}\n`);
    return;
  }
  const markdown = renderReport(report);
  console.log(`\n${markdown}\n`);
  // Only the standard configuration goes into the document, so its figures stay comparable.
  const standard = TASKS === DEFAULT_TASKS && !process.env.BENCH_PG_SETTINGS;
  if (standard || process.env.BENCH_WRITE_DOC === "1") {
    await writeReport(join(REPO_ROOT, "docs", "benchmarks.md"), markdown);
    log("results written to docs/benchmarks.md");
  } else {
    log("docs/benchmarks.md left alone (not the standard configuration; BENCH_WRITE_DOC=1 forces it)");
  }
}

await runBenchmark({ main, cleanUp, log, stopping: "the service and PostgreSQL" });
