// How fresh the mirror stays once filled, in both of its modes: with the service's change feed, and
// against a service without it (the same service behind a proxy that answers its feed's path 404,
// as a version without the feed does). The service runs as a process on a PostgreSQL of its own,
// so the benchmark can change tasks in its store while the dashboard's backend (in-process, mirror
// on, every setting at its default) keeps its copy. Once filled, for BENCH_FRESH_MINUTES: every
// PLANT_EVERY_MS a task on a random day of the horizon (any age) gets a new status, and the time
// until the mirror shows it is measured; every SAMPLE_EVERY_MS the oldest window's age (as readers
// state it: walk or feed) and the sync's calls are read. Targets: with the feed, a change of any
// age visible within 60 s at p99 and at most 2 calls a minute when nothing changes; without it,
// within 10 minutes, and no window older than 10 minutes.
import { createServer, request as httpRequest, type Server } from "node:http";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createBackend, type DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";
import { SLICE_FRESH_AS_OF } from "@/lib/server/mirror";
import { SANDBOX_CLIENTS } from "@/harness/sandbox-clients";
import { createDatabase, startLocalPostgres, type LocalPostgres } from "@/harness/local-postgres";
import { startServiceProcess, type ServiceProcess } from "@/harness/service-process";
import type { BenchLog } from "../bench-runner";
import { SERVER_SETTINGS } from "../service/database";

const MINUTES = Number(process.env.BENCH_FRESH_MINUTES || 10);
const TASKS = Number(process.env.BENCH_FRESH_TASKS || 50_000);
const PLANT_EVERY_MS = 20_000;
const SAMPLE_EVERY_MS = 2_000;
// The first fill reads every task once, 500 a call, within the sync's share of 60 calls a minute:
// about 4 minutes for 50,000 tasks, over an hour for 1,000,000. The deadline leaves it twice that.
const FILL_TIMEOUT_MS = Math.max(30 * 60_000, (TASKS / 500 / 15) * 60_000);

export const FRESHNESS_MODES = ["change feed", "windows only"] as const;
export type FreshnessMode = (typeof FRESHNESS_MODES)[number];

export interface FreshnessResult {
  mode: FreshnessMode;
  tasks: number;
  minutes: number;
  fillSeconds: number;
  planted: number;
  /** Seconds from each change to the mirror showing it, for those it showed. */
  visibleAfter: number[];
  notShown: number;
  /** How long the oldest change not yet shown had waited when the run ended (0: none). */
  oldestPendingSeconds: number;
  /** The oldest window's age, sampled: its worst, and the share of samples over 10 minutes. */
  worstAgeSeconds: number;
  samplesOver10Min: number;
  samples: number;
  /** Sync calls a minute over the run, and in the quietest minute. */
  callsPerMinute: number;
  quietestMinuteCalls: number;
  /** The embedded mirror's files at the end. */
  mirrorMb: number;
}

let postgres: LocalPostgres | undefined;
let service: ServiceProcess | undefined;
let proxy: Server | undefined;
let backend: DashboardBackend | undefined;
let store: pg.Client | undefined;
let dir: string | undefined;

/** Forwards everything to the service but its change feed, which it answers 404. */
function startFeedlessProxy(target: URL): Promise<string> {
  const server = createServer((incoming, outgoing) => {
    if (incoming.url?.startsWith("/v1/task-changes")) {
      outgoing.writeHead(404, { "content-type": "application/json" });
      outgoing.end('{"error":{"code":"not_found","message":"No such resource."}}');
      return;
    }
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  proxy = server;
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    }),
  );
}

export async function measureFreshness(mode: FreshnessMode, log: BenchLog): Promise<FreshnessResult> {
  dir = mkdtempSync(join(tmpdir(), "bench-mirror-fresh-"));
  postgres = await startLocalPostgres(SERVER_SETTINGS);
  const databaseUrl = await createDatabase(postgres.url, "vts_fresh");
  log(`${mode}: starting the service on PostgreSQL with ${TASKS.toLocaleString("en-US")} tasks`);
  service = await startServiceProcess(
    { DATABASE_URL: databaseUrl, VTS_SEED_TASKS: String(TASKS), VTS_LOG_LEVEL: "warn" },
    { timeoutMs: 15 * 60_000 },
  );
  store = new pg.Client({ connectionString: databaseUrl });
  await store.connect();
  const baseUrl = mode === "change feed" ? service.url : await startFeedlessProxy(new URL(service.url));
  const env = parseDashboardEnv({
    VTS_BASE_URL: baseUrl,
    VTS_CLIENT_ID: SANDBOX_CLIENTS.full.id,
    VTS_CLIENT_SECRET: SANDBOX_CLIENTS.full.secret,
    AUTH_SECRET: "bench-".repeat(8),
    LOG_LEVEL: "warn",
    MIRROR_DATA_DIR: join(dir, "mirror"),
  });
  const started = performance.now();
  backend = await createBackend(env, { mirror: true });
  const mirror = backend.mirror;
  if (!mirror) throw new Error("the mirror did not open (see the log above)");
  for (;;) {
    const { windows } = await mirror.status();
    if (windows.total > 0 && windows.synced === windows.total) break;
    if (performance.now() - started > FILL_TIMEOUT_MS) throw new Error("the mirror did not fill");
    await sleep(2_000);
  }
  const fillSeconds = (performance.now() - started) / 1000;
  log(
    `${mode}: filled in ${fillSeconds.toFixed(0)} s; planting a change every ${PLANT_EVERY_MS / 1000} s for ${MINUTES} min`,
  );

  const horizon = (await mirror.status()).horizon!;
  const pending = new Map<string, { status: string; at: number }>();
  const visibleAfter: number[] = [];
  const ages: number[] = [];
  const calls: number[] = [];
  let planted = 0;
  const end = Date.now() + MINUTES * 60_000;
  let nextPlant = Date.now();
  let nextCallCount = Date.now() + 60_000;
  while (Date.now() < end) {
    if (Date.now() >= nextPlant) {
      const [from, to] = [Date.parse(horizon.from), Date.parse(horizon.to)];
      const day = from + Math.floor(Math.random() * ((to - from) / 86_400_000)) * 86_400_000;
      const { rows } = await store.query<{ id: string; status: string }>(
        "SELECT id, status FROM tasks WHERE started_at >= $1 AND started_at < $2 ORDER BY random() LIMIT 1",
        [new Date(day).toISOString(), new Date(day + 86_400_000).toISOString()],
      );
      const task = rows[0];
      if (task) {
        const status = task.status === "cancelled" ? "completed" : "cancelled";
        await store.query("UPDATE tasks SET status = $2 WHERE id = $1", [task.id, status]);
        pending.set(task.id, { status, at: Date.now() });
        planted += 1;
      }
      nextPlant += PLANT_EVERY_MS;
    }
    if (pending.size > 0) {
      const shown = await mirror.db.query<{ id: string; status: string }>(
        "SELECT id, status FROM mirror_tasks WHERE id = ANY($1::text[])",
        [[...pending.keys()]],
      );
      for (const row of shown) {
        const change = pending.get(row.id);
        if (change && row.status === change.status) {
          visibleAfter.push((Date.now() - change.at) / 1000);
          pending.delete(row.id);
        }
      }
    }
    const [oldest] = await mirror.db.query<{ age: number }>(
      `SELECT extract(epoch FROM now() - min(${SLICE_FRESH_AS_OF}))::float8 AS age
       FROM mirror_windows w CROSS JOIN mirror_sync_state st`,
      [],
    );
    ages.push(oldest?.age ?? 0);
    if (Date.now() >= nextCallCount) {
      // The calls of the minute just ended, as the mirror counts them. (Differences of its
      // rolling hour went negative once the fill's calls left that hour: a fill of over an hour.)
      calls.push((await mirror.status()).sync_calls.last_minute);
      nextCallCount += 60_000;
    }
    await sleep(SAMPLE_EVERY_MS);
  }
  const result: FreshnessResult = {
    mode,
    tasks: TASKS,
    minutes: MINUTES,
    fillSeconds,
    planted,
    visibleAfter,
    notShown: pending.size,
    oldestPendingSeconds: Math.max(
      0,
      ...[...pending.values()].map((change) => (Date.now() - change.at) / 1000),
    ),
    worstAgeSeconds: Math.max(...ages),
    samplesOver10Min: ages.filter((age) => age > 600).length,
    samples: ages.length,
    callsPerMinute: calls.reduce((sum, value) => sum + value, 0) / Math.max(1, calls.length),
    quietestMinuteCalls: Math.min(...calls),
    mirrorMb: bytesUnder(join(dir, "mirror")) / 1_048_576,
  };
  await stopFreshness();
  return result;
}

export async function stopFreshness(): Promise<void> {
  await backend?.close().catch(() => {});
  backend = undefined;
  await store?.end().catch(() => {});
  store = undefined;
  proxy?.close();
  proxy = undefined;
  await service?.stop();
  service = undefined;
  postgres?.stop();
  postgres = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
}

function bytesUnder(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const seconds = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} s` : "none");

export function renderFreshness(results: readonly FreshnessResult[]): string {
  const lines = [
    "### Freshness once filled (changes planted on days of every age)",
    "",
    "| mode | tasks | minutes | fill | changes | visible p50 | visible p99 | visible max | not shown (oldest waiting) | oldest window, worst | samples over 10 min | sync calls a minute (quietest) | mirror on disk |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const r of results) {
    lines.push(
      `| ${r.mode} | ${r.tasks.toLocaleString("en-US")} | ${r.minutes} | ${r.fillSeconds.toFixed(0)} s | ${r.planted} | ` +
        `${seconds(percentile(r.visibleAfter, 50))} | ${seconds(percentile(r.visibleAfter, 99))} | ` +
        `${seconds(Math.max(...r.visibleAfter))} | ${r.notShown} (${seconds(r.oldestPendingSeconds)}) | ${(r.worstAgeSeconds / 60).toFixed(1)} min | ` +
        `${r.samplesOver10Min} of ${r.samples} | ${r.callsPerMinute.toFixed(1)} (${Number.isFinite(r.quietestMinuteCalls) ? r.quietestMinuteCalls : "none"}) | ${r.mirrorMb.toFixed(0)} MB |`,
    );
  }
  lines.push("", "Targets:");
  for (const r of results) {
    const p99 = percentile(r.visibleAfter, 99);
    lines.push(
      r.mode === "change feed"
        ? `- change feed: visible within 60 s at p99: ${seconds(p99)}; quietest minute ${r.quietestMinuteCalls} sync calls (at most 2 wanted) (${p99 <= 60 && r.oldestPendingSeconds <= 60 && r.quietestMinuteCalls <= 2 ? "met" : "**not met**"})`
        : `- windows only: visible within 10 min: max ${seconds(Math.max(...r.visibleAfter))}, longest still waiting ${seconds(r.oldestPendingSeconds)}, oldest window ${(r.worstAgeSeconds / 60).toFixed(1)} min (${Math.max(...r.visibleAfter) <= 600 && r.oldestPendingSeconds <= 600 && r.worstAgeSeconds <= 600 ? "met" : "**not met**"})`,
    );
  }
  return lines.join("\n");
}
