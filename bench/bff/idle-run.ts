// `npm run bench:bff -- --only idle`: the dashboard server's own cost, one request at a time, beside
// its floors measured in the same run, in a few minutes instead of the full run's 20. Next's empty
// route (/api/health) is the floor of every kind; a miss's upstream call and a mirrored page's SQL
// are measured apart and added to it: on PGlite straight through the mirror's directory once the
// dashboard has stopped (sql-floor.ts), on PostgreSQL (the dashboard with DASHBOARD_DATABASE_URL)
// through the bench's own `pg` client in the same turns as the pages. See docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import { BenchChildren, forgetCallerSettings } from "./bench-children";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { elapsedLog, runBenchmark } from "../bench-runner";
import { buildDashboard } from "../dashboard-build";
import { freePort } from "../../harness/free-port";
import { createDatabase, startLocalPostgres, type LocalPostgres } from "../../harness/local-postgres";
import { startServiceProcess } from "../../harness/service-process";
import { addStaffMember } from "../../harness/dashboard-command-lines";
import { describeMachine } from "../service/report";
import { HttpClient } from "../service/http-client";
import { summarize, type Summary } from "../service/latency";
import { startBffDashboard } from "./bff-dashboard";
import { loadCatalog } from "./catalog";
import { MirrorWatch } from "./mirror-watch";
import { startTap } from "./proxies";
import { parseServerTiming } from "./simulated-staff";
import { signIn } from "./staff-session";
import { isV1 } from "./upstream-tap";

const ROOT = join(import.meta.dirname, "..", "..");
const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const TASKS = envNumber("BENCH_TASKS", 50_000);
const SAMPLES = envNumber("BENCH_IDLE_SAMPLES", 1_000);
/** Each miss spends one of the service's 60 calls a minute: paced under it. */
const MISSES = envNumber("BENCH_IDLE_MISSES", 60);
const MISS_EVERY_MS = 1_100;
const BLOCK = 10;
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const STAFF = { email: "staff@sandbox.example", password: "sandbox-staff-password" };
const OFF_CLIENT = { id: "sandbox-full", secret: "sandbox-full-secret" };
const MIRROR_CLIENT = { id: "sandbox-special", secret: "p+s/w:rd%é" };

forgetCallerSettings();

const log = elapsedLog();
const stopping = new AbortController();
const children = new BenchChildren();
let scratch: string | undefined;
let postgres: LocalPostgres | undefined;

async function cleanUp(): Promise<void> {
  stopping.abort();
  await children.stopAll();
  postgres?.stop();
  postgres = undefined;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

interface Timed {
  wallMs: number;
  waitedMs: number;
  /** The route handler's own part (Server-Timing bff). */
  handlerMs: number;
  status: number;
  cache: string | undefined;
  body: Buffer;
}

async function timed(http: HttpClient, path: string): Promise<Timed> {
  const started = process.hrtime.bigint();
  const response = await http.get(path);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const { timing, cache } = parseServerTiming(response.headers["server-timing"]);
  const waitedMs = (timing.queue ?? 0) + (timing.upstream ?? 0) + (timing.shared ?? 0);
  return {
    wallMs,
    waitedMs,
    handlerMs: timing.bff ?? 0,
    status: response.status,
    cache,
    body: response.body,
  };
}

const dayPath = (day: Date, extra: Record<string, string> = {}) => {
  const from = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const to = new Date(from.getTime() + 86_400_000);
  const params = { from: from.toISOString(), to: to.toISOString(), limit: "100", ...extra };
  return `/api/tasks?${new URLSearchParams(params).toString()}`;
};

async function timedRun(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The page's own statement sent straight to the database: as the dashboard sends it, and plain. */
interface PageSql {
  /** Named, so the connection parses it once (the dashboard marks the page statement prepared). */
  asSent: () => Promise<unknown>;
  /** Unnamed: parsed and planned on every run, as every statement was before. */
  plain: () => Promise<unknown>;
}

/**
 * Blocks of the floor and of the page in turn, so both see the same stretch of a noisy machine;
 * with `sql`, blocks of the page's own statement sent straight to the database too.
 */
async function floorAndPage(
  floor: HttpClient,
  person: HttpClient,
  path: string,
  accept: (answer: Timed) => boolean,
  sql?: PageSql,
): Promise<{
  floor: number[];
  signedIn: number[];
  page: number[];
  handler: number[];
  sql: number[];
  sqlPlain: number[];
  sqlAfterRequest: number[];
  rejected: number;
}> {
  const out = {
    floor: [] as number[],
    signedIn: [] as number[],
    page: [] as number[],
    handler: [] as number[],
    sql: [] as number[],
    sqlPlain: [] as number[],
    sqlAfterRequest: [] as number[],
    rejected: 0,
  };
  for (let i = 0; i < 50; i++) await floor.get("/api/health"); // warm every path
  for (let i = 0; i < 50; i++) await person.get(path);
  // As warm as the dashboard's statement, which the page requests above ran already.
  if (sql)
    for (let i = 0; i < 300; i++) {
      await sql.asSent();
      await sql.plain();
    }
  while (out.page.length < SAMPLES && !stopping.signal.aborted) {
    if (sql)
      for (let i = 0; i < BLOCK; i++) {
        out.sql.push(await timedRun(sql.asSent));
        out.sqlPlain.push(await timedRun(sql.plain));
      }
    // The same statement as a page request sends it: once, after an HTTP request's worth of other
    // work on the machine, not straight after itself (the dashboard's first statement of a request
    // took 0.93 ms where a second one right after it took 0.71 ms, a probe found).
    if (sql)
      for (let i = 0; i < BLOCK; i++) {
        await floor.get("/api/health");
        out.sqlAfterRequest.push(await timedRun(sql.asSent));
      }
    for (let i = 0; i < BLOCK; i++) {
      const answer = await timed(floor, "/api/health");
      if (answer.status === 200) out.floor.push(answer.wallMs);
    }
    // A signed-in route with a small answer from memory: the wrapper's share (session check, log line).
    for (let i = 0; i < BLOCK; i++) {
      const answer = await timed(person, "/api/budget");
      if (answer.status === 200) out.signedIn.push(answer.wallMs);
    }
    for (let i = 0; i < BLOCK; i++) {
      const answer = await timed(person, path);
      if (answer.status === 200 && accept(answer)) {
        out.page.push(answer.wallMs - answer.waitedMs);
        out.handler.push(answer.handlerMs);
      } else out.rejected++;
    }
    if (out.rejected > SAMPLES) throw new Error(`${path}: too many answers not served as wanted`);
  }
  return out;
}

/** Misses one at a time, each a day and location no one asked for yet, with the floor between them. */
async function misses(
  floor: HttpClient,
  person: HttpClient,
  locations: readonly string[],
): Promise<{ floor: number[]; added: number[]; upstream: number[]; handler: number[] }> {
  const out = {
    floor: [] as number[],
    added: [] as number[],
    upstream: [] as number[],
    handler: [] as number[],
  };
  for (let k = 0; out.added.length < MISSES && k < MISSES * 3 && !stopping.signal.aborted; k++) {
    const next = Date.now() + MISS_EVERY_MS;
    const day = new Date(Date.now() - (k % 60) * 86_400_000);
    const location = locations[Math.floor(k / 60) % Math.max(1, locations.length)];
    const answer = await timed(person, dayPath(day, location ? { location_id: location } : {}));
    if (answer.status === 200 && answer.cache === "miss") {
      out.added.push(answer.wallMs - answer.waitedMs);
      out.upstream.push(answer.waitedMs);
      out.handler.push(answer.handlerMs);
    }
    for (let i = 0; i < BLOCK; i++) {
      const health = await timed(floor, "/api/health");
      if (health.status === 200) out.floor.push(health.wallMs);
    }
    await sleep(Math.max(0, next - Date.now()), undefined, { signal: stopping.signal }).catch(() => {});
  }
  return out;
}

/** sql-floor.ts in a child with the react-server condition; its last line as JSON. */
function sqlFloor<T>(args: string[]): T {
  const out = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", join(ROOT, "bench", "bff", "sql-floor.ts"), ...args],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 2 ** 20 },
  );
  return JSON.parse(out.trim().split("\n").at(-1) ?? "null") as T;
}

/** A mirrored page's body: which source answered, and its total. */
function mirrorAnswer(answer: Timed): { fromMirror: boolean; total: number } {
  const body = JSON.parse(answer.body.toString("utf8")) as { source?: string; total?: number };
  return { fromMirror: body.source === "mirror", total: body.total ?? 0 };
}

const ms = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(2));
const pair = (s: Summary) => `${ms(s.p50)} / ${ms(s.p99)}`;
const verdict = (met: boolean) => (met ? "met" : "**not met**");

async function main(): Promise<void> {
  buildDashboard({ root: ROOT, distDir: DIST_DIR, reuse: process.env.BENCH_SKIP_BUILD === "1", log });
  scratch = mkdtempSync(join(tmpdir(), "fleet-bench-bff-idle-"));
  const service = await children.keep(
    startServiceProcess(
      {
        VTS_DATA_DIR: join(scratch, "vts"),
        VTS_SEED_TASKS: String(TASKS),
        VTS_LOG_LEVEL: "warn",
        VTS_PORT: String(await freePort()),
      },
      {
        keepChars: 4_000,
        graceMs: 5_000,
        timeoutMs: 10 * 60_000,
        progressEveryMs: 15_000,
        onWaiting: (s) => log(`  seeding... ${Math.round(s / 1000)} s`),
      },
    ),
  );
  const catalog = await loadCatalog(service.url);
  const staffFile = join(scratch, "staff.json");
  addStaffMember(staffFile, STAFF);
  const tap = await children.keep(startTap(ROOT, service.url));
  const common = { staffFile, metricsToken: "bench-idle-metrics", distDir: DIST_DIR, tap, log };
  const today = dayPath(new Date());
  const todayQuery = today.split("?")[1] ?? "";
  // The service's calls so far: made by the sync alone while mirrored pages are timed (a filled
  // mirror's page makes none), so their count says whether the sync walked meanwhile.
  const serviceCalls = async () => (await tap.records()).filter(isV1).length;
  const loads: number[] = [];
  const sampleLoad = setInterval(
    () => loads.push(Number(execFileSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).split(" ")[0])),
    5_000,
  );

  // A dashboard whose mirror, over a short horizon (filled in seconds), is in this store; once filled.
  const startFilledMirror = async (store: Record<string, string>) => {
    const dashboard = await children.keep(
      startBffDashboard(
        { ...common, client: MIRROR_CLIENT },
        { ...store, MIRROR_DAYS_BACK: "3", MIRROR_DAYS_AHEAD: "1" },
      ),
    );
    const cookie = await signIn(new HttpClient(dashboard.url), STAFF.email, STAFF.password);
    const watch = new MirrorWatch(dashboard.url, cookie);
    await watch
      .untilFilled({ timeoutMs: 10 * 60_000, signal: stopping.signal, log })
      .finally(() => watch.close());
    return { dashboard, cookie };
  };

  // (a) MIRROR=off: a cached page, then misses, each beside /api/health.
  const off = await children.keep(startBffDashboard({ ...common, client: OFF_CLIENT }, { MIRROR: "off" }));
  const offFloor = new HttpClient(off.url);
  const offPerson = new HttpClient(off.url, {
    cookie: await signIn(new HttpClient(off.url), STAFF.email, STAFF.password),
    accept: "application/json",
  });
  log(`mirror off: ${SAMPLES} cached pages and ${SAMPLES} of /api/health, in turns of ${BLOCK}`);
  const hit = await floorAndPage(offFloor, offPerson, today, (a) => a.cache === "hit");
  log(`mirror off: ${MISSES} misses, one every ${MISS_EVERY_MS} ms, /api/health between`);
  const miss = await misses(offFloor, offPerson, catalog.locationIds);
  offFloor.close();
  offPerson.close();
  await children.stop(off);

  // (b) The mirror over a short horizon (filled in seconds), then its page's SQL straight through PGlite.
  const mirrorDir = join(scratch, "mirror");
  const { dashboard: on, cookie: onCookie } = await startFilledMirror({ MIRROR_DATA_DIR: mirrorDir });
  const onFloor = new HttpClient(on.url);
  const onPerson = new HttpClient(on.url, { cookie: onCookie, accept: "application/json" });
  log(`mirror on: ${SAMPLES} pages from the mirror and ${SAMPLES} of /api/health, in turns of ${BLOCK}`);
  let total = 0;
  const callsBefore = await serviceCalls();
  const mirrored = await floorAndPage(onFloor, onPerson, today, (a) => {
    const answer = mirrorAnswer(a);
    total = answer.total;
    return answer.fromMirror;
  });
  const syncCalls = (await serviceCalls()) - callsBefore;
  onFloor.close();
  onPerson.close();
  await children.stop(on);
  log(`the same page's SQL straight through PGlite in ${mirrorDir}, ${SAMPLES} times`);
  const sql = summarize(sqlFloor<number[]>([mirrorDir, todayQuery, String(SAMPLES)]));

  // (c) The same mirror on a real PostgreSQL (DASHBOARD_DATABASE_URL), its page statement sent
  // through the bench's own pg client in the same turns as the pages.
  postgres = await startLocalPostgres();
  const databaseUrl = await createDatabase(postgres.url, "idle_mirror");
  const { dashboard: onPg, cookie: pgCookie } = await startFilledMirror({
    DASHBOARD_DATABASE_URL: databaseUrl,
  });
  const statement = sqlFloor<{ text: string; values: unknown[] }>(["--statement", todayQuery]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pgFloor = new HttpClient(onPg.url);
  const pgPerson = new HttpClient(onPg.url, { cookie: pgCookie, accept: "application/json" });
  log(
    `mirror on PostgreSQL: ${SAMPLES} pages, ${SAMPLES} of /api/health and of the page's SQL through pg, in turns`,
  );
  let pgTotal = 0;
  const pgCallsBefore = await serviceCalls();
  const onPostgres = await floorAndPage(
    pgFloor,
    pgPerson,
    today,
    (a) => {
      const answer = mirrorAnswer(a);
      pgTotal = answer.total;
      return answer.fromMirror;
    },
    {
      asSent: () => client.query({ name: "page", text: statement.text, values: statement.values }),
      plain: () => client.query(statement.text, statement.values),
    },
  ).finally(() => client.end());
  const pgSyncCalls = (await serviceCalls()) - pgCallsBefore;
  pgFloor.close();
  pgPerson.close();
  await children.stop(onPg);
  postgres.stop();
  postgres = undefined;
  clearInterval(sampleLoad);

  const f = { hit: summarize(hit.floor), miss: summarize(miss.floor), mirror: summarize(mirrored.floor) };
  const hitS = summarize(hit.page);
  const missS = summarize(miss.added);
  const mirrorS = summarize(mirrored.page);
  const hitOver = { p50: hitS.p50 - f.hit.p50, p99: hitS.p99 - f.hit.p99 };
  const missOver = { p50: missS.p50 - f.miss.p50, p99: missS.p99 - f.miss.p99 };
  const mirrorLimit = { p50: 1.3 * sql.p50 + f.mirror.p50, p99: 1.3 * sql.p99 + f.mirror.p99 };
  const pgS = summarize(onPostgres.page);
  const pgFloorS = summarize(onPostgres.floor);
  const pgSql = summarize(onPostgres.sql);
  const pgSqlAfter = summarize(onPostgres.sqlAfterRequest);
  const pgSqlPlain = summarize(onPostgres.sqlPlain);
  const overSqlAfter = (at: "p50" | "p99") => (pgS[at] / (pgSqlAfter[at] + pgFloorS[at])).toFixed(2);
  const pgLimit = { p50: 1.3 * pgSql.p50 + pgFloorS.p50, p99: 1.3 * pgSql.p99 + pgFloorS.p99 };
  // A mirrored page answers at least what a cached page answers, through the same wrapper and Next's
  // response, and runs its SQL besides: that sum is the least it could cost. The cached page's cost
  // comes from the dashboard without a mirror, in the same run (a mirrored dashboard has no cache hits).
  const nearest = (pgSql.p50 + pgFloorS.p50 + hitOver.p50) / (pgSql.p50 + pgFloorS.p50);
  const load = summarize(loads);
  const lines = [
    `**${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC** (\`npm run bench:bff -- --only idle\`) — ${describeMachine()}; 1-min load average during the run: mean ${load.mean.toFixed(1)}, max ${Math.max(...loads).toFixed(1)}. ${TASKS.toLocaleString("en-US")} sandbox tasks; one signed-in session, one request at a time, each kind in turns of ${BLOCK} with Next's empty \`/api/health\` of the same server (its floor). Page: today, \`limit=100\`. p50 / p99 in ms.`,
    "",
    "| kind | n | page: wall minus queue, upstream, shared | floor (`/api/health`, same turns) | page − floor | of which in the route handler | target (p99) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    `| cached page (MIRROR=off, \`cache=hit\`) | ${hitS.n.toLocaleString("en-US")} | ${pair(hitS)} | ${pair(f.hit)} | ${ms(hitOver.p50)} / ${ms(hitOver.p99)} | ${pair(summarize(hit.handler))} | at most +0.5: ${verdict(hitOver.p99 <= 0.5)} |`,
    `| miss (MIRROR=off, \`cache=miss\`; upstream p50 / p99 ${pair(summarize(miss.upstream))}) | ${missS.n} | ${pair(missS)} | ${pair(f.miss)} | ${ms(missOver.p50)} / ${ms(missOver.p99)} | ${pair(summarize(miss.handler))} | at most +3 beyond the upstream call: ${verdict(missOver.p99 <= 3)} |`,
    `| a signed-in route with a small answer (\`/api/budget\`, same turns as the cached page) | ${hit.signedIn.length.toLocaleString("en-US")} | ${pair(summarize(hit.signedIn))} | ${pair(f.hit)} | ${ms(summarize(hit.signedIn).p50 - f.hit.p50)} / ${ms(summarize(hit.signedIn).p99 - f.hit.p99)} | — | — |`,
    `| page from the mirror (PGlite, total ${total.toLocaleString("en-US")}; the sync's calls to the service meanwhile: ${syncCalls}) | ${mirrorS.n.toLocaleString("en-US")} | ${pair(mirrorS)} | ${pair(f.mirror)} | ${ms(mirrorS.p50 - f.mirror.p50)} / ${ms(mirrorS.p99 - f.mirror.p99)} | ${pair(summarize(mirrored.handler))} | at most 1.3 × SQL + floor = ${ms(mirrorLimit.p50)} / ${ms(mirrorLimit.p99)}: ${verdict(mirrorS.p99 <= mirrorLimit.p99)} (p50 ${verdict(mirrorS.p50 <= mirrorLimit.p50)}) |`,
    `| the page's SQL straight through PGlite (\`taskPageStatement\`, the mirror's directory) | ${sql.n.toLocaleString("en-US")} | ${pair(sql)} | — | — | — | mirrored page / (SQL + floor): ${(mirrorS.p50 / (sql.p50 + f.mirror.p50)).toFixed(2)}x / ${(mirrorS.p99 / (sql.p99 + f.mirror.p99)).toFixed(2)}x |`,
    `| page from the mirror (PostgreSQL, \`DASHBOARD_DATABASE_URL\`, total ${pgTotal.toLocaleString("en-US")}; the sync's calls meanwhile: ${pgSyncCalls}) | ${pgS.n.toLocaleString("en-US")} | ${pair(pgS)} | ${pair(pgFloorS)} | ${ms(pgS.p50 - pgFloorS.p50)} / ${ms(pgS.p99 - pgFloorS.p99)} | ${pair(summarize(onPostgres.handler))} | at most 1.3 × SQL + floor = ${ms(pgLimit.p50)} / ${ms(pgLimit.p99)}: ${verdict(pgS.p99 <= pgLimit.p99)} (p50 ${verdict(pgS.p50 <= pgLimit.p50)}) |`,
    `| the page's SQL straight through \`pg\` (\`taskPageStatement\`, prepared as the dashboard sends it, same database, same turns) | ${pgSql.n.toLocaleString("en-US")} | ${pair(pgSql)} | — | — | — | mirrored page / (SQL + floor): ${(pgS.p50 / (pgSql.p50 + pgFloorS.p50)).toFixed(2)}x / ${(pgS.p99 / (pgSql.p99 + pgFloorS.p99)).toFixed(2)}x; nearest within reach, the SQL plus what a cached page costs over its floor: ${nearest.toFixed(2)}x (p50) |`,
    `| the same SQL through \`pg\` unprepared (parsed and planned each time, as the dashboard sent it before, same turns) | ${pgSqlPlain.n.toLocaleString("en-US")} | ${pair(pgSqlPlain)} | — | — | — | mirrored page / (this SQL + floor): ${(pgS.p50 / (pgSqlPlain.p50 + pgFloorS.p50)).toFixed(2)}x / ${(pgS.p99 / (pgSqlPlain.p99 + pgFloorS.p99)).toFixed(2)}x |`,
    `| the same SQL through \`pg\`, once after each \`/api/health\` request (as a page request sends it, same turns) | ${pgSqlAfter.n.toLocaleString("en-US")} | ${pair(pgSqlAfter)} | — | — | — | mirrored page / (this SQL + floor): ${overSqlAfter("p50")}x / ${overSqlAfter("p99")}x |`,
  ];
  console.log(`\n${lines.join("\n")}\n`);
}

await runBenchmark({ main, cleanUp, log, stopping: "the dashboard, the tap and the service" });
