// Two built dashboards on one PostgreSQL and one Redis, against the real service. The mirror's
// sync starts with the dashboards, before anybody opens a page (npm start's promise to a
// newcomer: a fresh deployment fills its mirror by itself). One of them leads the sync; kill -9 of
// the leader and the other leads within 30 s (the production lock retry, not a test's shortened
// one). Meanwhile people's live requests on both instances take the whole shared budget, and the
// service's /metrics must show the dashboards' client never over its limit in a minute: the dead
// leader's grants still count for the one that takes over.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { passwordSignIn } from "@/e2e/support/dashboard-instances";
import type { RunningChild } from "@/harness/child-process";
import { startDashboardProcess, type DashboardProcess } from "@/harness/dashboard-process";
import { scratchDatabase } from "@/harness/local-postgres";
import { startLocalRedis } from "@/harness/local-redis";
import { SANDBOX_CLIENTS } from "@/harness/sandbox-clients";
import { eventually } from "@/harness/eventually";
import { sleep } from "@/harness/raw-http";
import { startServiceProcess } from "@/harness/service-process";
import { addStaffMember } from "@/harness/dashboard-command-lines";
import { parsePrometheus, scrape, total } from "./support/prometheus";

const LIMIT = 60;
const CLIENT = SANDBOX_CLIENTS.full;
const STAFF = { email: "staff@example.com", password: "a long enough password" };
const METRICS_TOKEN = randomBytes(24).toString("hex");
const DAY_MS = 86_400_000;
/** More than the budget gives people in a minute (limit - margin), on each instance. */
const BURST = 40;

const started: RunningChild[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const child of started.reverse()) await child.stop();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The service's count of the client's /v1 calls, and of its 429s, once a second from the start. */
function followServiceCalls(serviceUrl: string) {
  const samples: { at: number; calls: number; limited: number }[] = [];
  const ours = (labels: Record<string, string>) =>
    labels.client === CLIENT.id && (labels.route ?? "").startsWith("/v1");
  const sample = async () => {
    const metrics = await scrape(serviceUrl);
    samples.push({
      at: Date.now(),
      calls: total(metrics, "vts_http_requests_total", ours),
      limited: total(metrics, "vts_http_requests_total", (labels) => ours(labels) && labels.status === "429"),
    });
  };
  let running = true;
  const loop = (async () => {
    // A scrape that fails (the service stopping after a failed test) ends the samples.
    while (
      running &&
      (await sample().then(
        () => true,
        () => false,
      ))
    )
      await sleep(1_000);
  })();
  return {
    /** The samples, the last taken now: every call made so far is in it. */
    async stop() {
      running = false;
      await loop;
      await sample();
      return samples;
    },
  };
}

/** The most calls between two samples at most 60 s apart. */
function busiestMinute(samples: readonly { at: number; calls: number }[]): number {
  let most = 0;
  for (const [i, first] of samples.entries())
    for (const later of samples.slice(i + 1))
      if (later.at - first.at <= 60_000) most = Math.max(most, later.calls - first.calls);
  return most;
}

interface MirrorStatus {
  leader: { instance: string } | null;
  windows: { synced: number; total: number };
}

async function mirrorStatus(dashboard: DashboardProcess, cookie: string): Promise<MirrorStatus> {
  const response = await fetch(`${dashboard.url}/api/mirror`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`/api/mirror answered ${response.status}`);
  return (await response.json()) as MirrorStatus;
}

/** Budget grants this instance gave its sync: only a leader syncs. */
async function syncGrants(dashboard: DashboardProcess): Promise<number> {
  const response = await fetch(`${dashboard.url}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const samples = parsePrometheus(await response.text());
  return total(samples, "dashboard_budget_wait_seconds_count", (labels) => labels.priority === "sync");
}

/** Distinct one-day pages before the mirror's horizon: each is a live call to the service. */
async function liveBurst(dashboard: DashboardProcess, cookie: string, firstDay: number): Promise<number[]> {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const from = today - (firstDay + i) * DAY_MS;
      const query = new URLSearchParams({
        from: new Date(from).toISOString(),
        to: new Date(from + DAY_MS).toISOString(),
        limit: "100",
      });
      const response = await fetch(`${dashboard.url}/api/tasks?${query.toString()}`, { headers: { cookie } });
      await response.arrayBuffer();
      return response.status;
    }),
  );
}

interface Stack {
  databaseUrl: string;
  both: [DashboardProcess, DashboardProcess];
  calls: ReturnType<typeof followServiceCalls>;
}
let stack: Stack | undefined;

function running(): Stack {
  if (!stack) throw new Error("the stack did not start");
  return stack;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "mirror-two-instances-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const database = await scratchDatabase(inject("postgresUrl"), "mirror_two_instances");
  cleanups.push(() => database.drop());
  // Its own Redis: the budget's keys are the client's, which other files' dashboards use too.
  const redis = await startLocalRedis();
  cleanups.push(() => redis.stop());
  const service = await startServiceProcess({
    VTS_DATA_DIR: join(dir, "vts"),
    VTS_SEED_TASKS: "2000",
    VTS_RATE_LIMIT_PER_MIN: String(LIMIT),
  });
  started.push(service);
  const calls = followServiceCalls(service.url);
  cleanups.push(() =>
    calls.stop().then(
      () => undefined,
      () => undefined,
    ),
  );

  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, STAFF);
  const env = {
    VTS_BASE_URL: service.url,
    VTS_CLIENT_ID: CLIENT.id,
    VTS_CLIENT_SECRET: CLIENT.secret,
    AUTH_SECRET: randomBytes(33).toString("base64url"),
    STAFF_FILE: staffFile,
    METRICS_TOKEN,
    DASHBOARD_DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    MIRROR_DAYS_BACK: "10",
    MIRROR_DAYS_AHEAD: "3",
  };
  const both = await Promise.all([startDashboardProcess({ env }), startDashboardProcess({ env })]);
  started.push(...both);
  stack = { databaseUrl: database.url, both, calls };
}, 120_000);

it(
  "the mirror syncs windows from the dashboards' start, with no request but the health check",
  {
    timeout: 120_000,
  },
  async () => {
    // Read from the mirror's own tables: a request to a dashboard could be what starts its backend.
    const { both, databaseUrl } = running();
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    cleanups.push(() => client.end());
    const synced = async () => {
      const result = await client
        .query<{ synced: string }>("SELECT count(*) AS synced FROM mirror_windows WHERE as_of IS NOT NULL")
        .catch(() => ({ rows: [{ synced: "0" }] }));
      return Number(result.rows[0]?.synced ?? 0);
    };
    const deadline = Date.now() + 90_000;
    while ((await synced()) === 0 && Date.now() < deadline) await sleep(500);
    const logs = both.map((dashboard) => dashboard.stdout() + dashboard.stderr()).join("\n");
    expect(await synced(), logs).toBeGreaterThan(0);
  },
);

it(
  "one leads; kill -9 it and the other leads within 30 s; no minute over the limit",
  { timeout: 120_000 },
  async () => {
    const { both, calls } = running();
    const instanceOf = (dashboard: DashboardProcess) => `${hostname()}:${dashboard.pid}`;
    const { session } = await passwordSignIn(both[0].url, STAFF);
    const cookie = session ?? "";
    expect(session, "sign-in").toBeDefined();

    // One leader, named alike by both instances: it syncs, the other has not synced at all.
    let first: MirrorStatus | undefined;
    await eventually(async () => (first = await mirrorStatus(both[0], cookie)).leader !== null, 30_000, 250);
    const leader = both.find((dashboard) => instanceOf(dashboard) === first?.leader?.instance);
    const follower = both.find((dashboard) => dashboard !== leader);
    expect(leader, `leader ${first?.leader?.instance}`).toBeDefined();
    await eventually(async () => (await syncGrants(leader!)) > 0, 10_000, 250);
    await sleep(1_500); // the follower's first try at the lock has long been made
    expect((await mirrorStatus(follower!, cookie)).leader?.instance).toBe(instanceOf(leader!));
    expect(await syncGrants(follower!)).toBe(0);

    // People spend the budget on the leader, which then dies holding it.
    const onLeader = await liveBurst(leader!, cookie, 100);
    expect(onLeader.filter((status) => status === 200).length).toBeGreaterThan(0);
    leader!.process.kill("SIGKILL");
    await leader!.exited;
    const killedAt = Date.now();
    const onFollower = liveBurst(follower!, cookie, 100 + BURST);

    await eventually(
      async () => (await mirrorStatus(follower!, cookie)).leader?.instance === instanceOf(follower!),
      35_000,
      250,
    );
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThanOrEqual(30_000);
    // Its people were answered from what the budget had left, or told to wait: never a 5xx else.
    for (const status of await onFollower) expect([200, 503]).toContain(status);

    const samples = await calls.stop();
    const last = samples.at(-1)!;
    const summary = JSON.stringify({ tookOverMs, last, busiest: busiestMinute(samples) });
    expect(last.calls, summary).toBeGreaterThan(LIMIT / 2);
    expect(last.limited, summary).toBe(0);
    expect(busiestMinute(samples), summary).toBeLessThanOrEqual(LIMIT);
  },
);
