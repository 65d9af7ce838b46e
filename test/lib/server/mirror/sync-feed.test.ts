import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { scratchDatabase } from "@/harness/local-postgres";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { soleLeadership } from "@/lib/server/mirror/sync/leader";
import { horizonAt } from "@/lib/server/mirror/sync/slices";
import { syncSource, type SyncSource } from "@/lib/server/mirror/sync/source";
import { mirrorOf, type Mirror } from "@/lib/server/mirror/sync/start-mirror";
import { mirrorStatus } from "@/lib/server/mirror/sync/status";
import { MirrorSyncer, type SyncerOptions } from "@/lib/server/mirror/sync/syncer";
import { UpstreamError } from "@/lib/server/upstream/http/vts-client";
import { DAY_MS } from "@/contract/query/day";
import {
  dayKeepingClock,
  directWalk,
  eventually,
  iso,
  mirroredTasks,
  startSyncRig,
  TEST_HEAT,
  type SyncRig,
} from "./sync-support";

// Changes at the service, planted on days of every age, reach the mirror: through the service's
// change feed after one read and without a walk, or, from a service without the feed, through
// the spare walks that re-read the oldest slices. Throughout, no answer claims to be fresher than
// what it holds: whenever the coverage of a planted task's day (what X-Data-Fetched-At says) or
// of the whole horizon (the vehicle page's) is as of a time after the change was committed, the
// mirror shows the change. On an embedded mirror and on PostgreSQL.

const clock = dayKeepingClock();
const DEADLINE_MS = 120_000;
vi.setConfig({ testTimeout: 2 * DEADLINE_MS });
// A short horizon keeps every walk a page or two, so the test costs little beside the rest of the run.
const DAYS_BACK = 40;
const DAYS_AHEAD = 5;
const horizon = horizonAt(clock.now(), DAYS_BACK, DAYS_AHEAD);
/** Days before the clock's now: a planted change's age, from hot to the horizon's far end. */
const AGES_DAYS = [-3, 0.5, 3, 20, 38];
/**
 * No refresh falls due by itself during a test: what brings a change is the feed or a spare walk
 * (of the default length: a longer one would read again, at every walk, days just read).
 */
const QUIET_HEAT = { ...TEST_HEAT, hotRefreshMs: 3_600_000, viewedRefreshMs: 3_600_000 };

const STORES = [
  ["PGlite", async () => ({ databaseUrl: undefined, drop: async () => {} })],
  [
    "PostgreSQL",
    async () => {
      const database = await scratchDatabase(inject("postgresUrl"), "mirror_feed");
      return { databaseUrl: database.url, drop: () => database.drop() };
    },
  ],
] as const;

interface Planted {
  id: string;
  status: string;
  dayFrom: number;
  /** The syncer's clock right after the change committed: an answer as of later must show it. */
  committedAt: number;
}

let rig: SyncRig;

beforeAll(async () => {
  rig = await startSyncRig({ VTS_SEED_TASKS: "5000" });
}, DEADLINE_MS);
afterAll(() => rig?.close());

describe.each(STORES)("a mirror on %s", (name, openStore) => {
  let db: MirrorDb;
  let mirror: Mirror;
  let dropStore: () => Promise<void>;
  let walkCalls = 0;

  function counting(source: SyncSource): SyncSource {
    return {
      ...source,
      listTasks: (query, signal) => {
        walkCalls += 1;
        return source.listTasks(query, signal);
      },
    };
  }

  function syncer(source: SyncSource, extra: Partial<SyncerOptions> = {}) {
    return new MirrorSyncer({
      db,
      source: counting(source),
      leadership: soleLeadership,
      instance: "test",
      daysBack: DAYS_BACK,
      daysAhead: DAYS_AHEAD,
      heat: QUIET_HEAT,
      idleMs: 50,
      retryMs: 100,
      feedEveryMs: 100,
      clock,
      ...extra,
    });
  }

  const withoutFeed = (): SyncSource => ({
    ...syncSource(rig.backend.client),
    listTaskChanges: async () => undefined,
  });

  async function run(running: MirrorSyncer, until: () => Promise<boolean>): Promise<void> {
    running.start();
    try {
      // Each look reads every mirrored task and the coverage of each planted day, on the store the
      // syncer writes: twice a second leaves the syncer the store, and still looks often.
      await eventually(until, DEADLINE_MS, 500);
    } finally {
      await running.stop();
    }
  }

  beforeAll(async () => {
    const store = await openStore();
    dropStore = store.drop;
    db = await openMirrorDb({ databaseUrl: store.databaseUrl, dataDir: undefined });
    // The syncer a mirror runs is not used here: each test runs its own over the same database.
    mirror = mirrorOf(db, syncer(syncSource(rig.backend.client)));
    await run(syncer(syncSource(rig.backend.client)), async () => {
      const status = await mirrorStatus(db);
      return status.windows.total > 0 && status.windows.synced === status.windows.total;
    });
  }, 2 * DEADLINE_MS);

  afterAll(async () => {
    await mirror?.close();
    await dropStore?.();
  });

  /** One task per age gets a new status at the service, through plain SQL (its trigger records it). */
  async function plant(): Promise<Planted[]> {
    const planted: Planted[] = [];
    for (const age of AGES_DAYS) {
      const dayFrom = Math.floor((clock.now() - age * DAY_MS) / DAY_MS) * DAY_MS;
      const [task] = await rig.service.context.store.query<{ id: string; status: string }>(
        "SELECT id, status FROM tasks WHERE started_at >= $1 AND started_at < $2 ORDER BY id LIMIT 1",
        [iso(dayFrom), iso(dayFrom + DAY_MS)],
      );
      if (!task) throw new Error(`no task on ${iso(dayFrom)}`);
      const status = task.status === "cancelled" ? "completed" : "cancelled";
      await rig.service.context.store.query("UPDATE tasks SET status = $2 WHERE id = $1", [task.id, status]);
      planted.push({ id: task.id, status, dayFrom, committedAt: clock.now() });
    }
    return planted;
  }

  /**
   * Fails on any answer fresher than its data; true once every planted change shows. Each claim
   * is read before the rows it covers, as a request reads them.
   */
  async function claimsHoldAndAllShow(planted: readonly Planted[]): Promise<boolean> {
    // Only the planted rows are read: a look that read every mirrored task took the store from
    // the syncer for most of each half second on a busy machine, and the test crawled.
    const whole = await mirror.coverage("horizon");
    const days = await Promise.all(
      planted.map((change) =>
        mirror.coverage({ from: iso(change.dayFrom), to: iso(change.dayFrom + DAY_MS) }),
      ),
    );
    const rows = await db.query<{ id: string; status: string }>(
      "SELECT id, status FROM mirror_tasks WHERE id = ANY($1::text[])",
      [planted.map((change) => change.id)],
    );
    const shown = new Map(rows.map((row) => [row.id, row.status]));
    let all = true;
    planted.forEach((change, index) => {
      const day = days[index]!;
      const shows = shown.get(change.id) === change.status;
      if (day.state === "ready" && day.asOf.getTime() >= change.committedAt)
        expect(shows, `the day of ${change.id} claims ${day.asOf.toISOString()}`).toBe(true);
      if (whole.state === "ready" && whole.asOf.getTime() >= change.committedAt)
        expect(shows, `the horizon claims ${whole.asOf.toISOString()}`).toBe(true);
      all &&= shows;
    });
    return all;
  }

  it("reads the service's change feed: a change of any age shows after one read, with no walk", async () => {
    const status = await mirrorStatus(db);
    expect(status).toMatchObject({ mode: "change_feed", change_feed: { offered: true } });
    const planted = await plant();
    walkCalls = 0;
    await run(syncer(syncSource(rig.backend.client)), () => claimsHoldAndAllShow(planted));
    expect(walkCalls).toBe(0);
    // And the mirror says so: every slice is as fresh as the feed's last caught-up read.
    const after = await mirrorStatus(db);
    expect(Date.parse(after.cold.oldest_as_of!)).toBeGreaterThanOrEqual(
      Math.max(...planted.map((p) => p.committedAt)),
    );
    expect(JSON.stringify(await mirroredTasks(db))).toBe(
      JSON.stringify(await directWalk(rig.service, horizon.from, horizon.to)),
    );
  });

  it("moves a task whose day changed, and drops one moved out of the horizon", async () => {
    const store = rig.service.context.store;
    const dayFrom = Math.floor((clock.now() - 25 * DAY_MS) / DAY_MS) * DAY_MS;
    const [moved, gone] = await store.query<{ id: string }>(
      "SELECT id FROM tasks WHERE started_at >= $1 AND started_at < $2 ORDER BY id LIMIT 2",
      [iso(dayFrom), iso(dayFrom + DAY_MS)],
    );
    const newStart = iso(dayFrom - 10 * DAY_MS + 1234);
    await store.query("UPDATE tasks SET started_at = $2 WHERE id = $1", [moved!.id, newStart]);
    await store.query("UPDATE tasks SET started_at = $2 WHERE id = $1", [
      gone!.id,
      iso(horizon.from - DAY_MS),
    ]);
    await run(syncer(syncSource(rig.backend.client)), async () => {
      const rows = await db.query<{ id: string; started_at: Date }>(
        "SELECT id, started_at FROM mirror_tasks WHERE id = ANY($1::text[])",
        [[moved!.id, gone!.id]],
      );
      return rows.length === 1 && rows[0]!.id === moved!.id && rows[0]!.started_at.toISOString() === newStart;
    });
  });

  // What differs between the stores is their SQL, which the feed's planted changes run through on
  // both; a new cursor and the windows-only sync run the same SQL again, so on the embedded store alone.
  if (name === "PGlite") {
    it("takes a new cursor when the service refuses its own, and walks the slices again first", async () => {
      const before = await mirrorStatus(db);
      const real = syncSource(rig.backend.client);
      let refused = false;
      const refusing: SyncSource = {
        ...real,
        async listTaskChanges(from, signal) {
          if (from !== "latest" && !refused) {
            refused = true;
            throw new UpstreamError("rejected", "The service refused the request (400).", { status: 400 });
          }
          return real.listTaskChanges(from, signal);
        },
      };
      walkCalls = 0;
      await run(syncer(refusing, { heat: { ...QUIET_HEAT, spareAfterMs: 0 } }), async () => {
        const status = await mirrorStatus(db);
        return (
          refused &&
          status.change_feed.since !== null &&
          Date.parse(status.change_feed.since) > Date.parse(before.change_feed.since!) &&
          status.change_feed.as_of !== null &&
          Date.parse(status.cold.oldest_as_of!) >= Date.parse(status.change_feed.since)
        );
      });
      // The slices walked before the new cursor are no longer the feed's to vouch for: walked again.
      expect(walkCalls).toBeGreaterThan(0);
    });

    it("from a service without the feed, re-reads the oldest slices with spare calls", async () => {
      const planted = await plant();
      const spare = syncer(withoutFeed(), { heat: { ...QUIET_HEAT, spareAfterMs: 0 } });
      await run(spare, () => claimsHoldAndAllShow(planted));
      expect(await mirrorStatus(db)).toMatchObject({ mode: "windows", change_feed: { offered: false } });
      expect(JSON.stringify(await mirroredTasks(db))).toBe(
        JSON.stringify(await directWalk(rig.service, horizon.from, horizon.to)),
      );
    });
  }
});
