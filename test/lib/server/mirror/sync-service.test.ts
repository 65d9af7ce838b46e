import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DAY_MS } from "@/contract/query/day";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { soleLeadership } from "@/lib/server/mirror/sync/leader";
import { horizonAt, readSlices } from "@/lib/server/mirror/sync/slices";
import { syncSource, type SyncSource } from "@/lib/server/mirror/sync/source";
import { mirrorStatus } from "@/lib/server/mirror/sync/status";
import { MirrorSyncer, type SyncerOptions } from "@/lib/server/mirror/sync/syncer";
import { UpstreamError } from "@/lib/server/upstream/http/vts-client";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import {
  dayKeepingClock,
  directWalk,
  eventually,
  FILL_POLL_MS,
  iso,
  mirroredTasks,
  startSyncRig,
  TEST_HEAT,
  type SyncRig,
} from "./sync-support";

// The mirror against the real service: a full sync holds exactly what the service answers, and
// changes at the service (a status, a moved start, a removal) reach it when its slice is walked
// again; a walk that fails part way changes nothing of the slice it was in; of two syncers at
// once, the one a newer walk overtook says so and leaves the slice to it.

let rig: SyncRig;
let db: MirrorDb;
// Every syncer here keeps the day this file loaded on (sync-support.ts), so the mirror keeps
// `horizon`. Its hot slices are then those from two days before that day on (plan.ts: ending
// after the clock's now - 2 days, the clock being within that day), so the tasks the tests change
// (from the real now - 24 h, the day before that day at the earliest) are in slices the hot
// refresh walks, and a moved start (the real now + 3 days) stays inside the horizon. A slice's
// as_of is the syncers' clock, shared by every syncer here, so the planner compares like with
// like; the sync calls and the status use the database's and the real time, as in production.
const clock = dayKeepingClock();
// A walk's pages and applies share two cores with the rest of `npm test`, at a lower priority than
// the browser tests: a full sync that takes 5 s alone has taken over a minute there. A wait here is
// a deadline for a behaviour, not a claim about its speed, and each ends the moment its condition
// holds.
const SYNC_DEADLINE_MS = 180_000;
vi.setConfig({ testTimeout: 2 * SYNC_DEADLINE_MS });
// Two cold walks of 30 days and the hot one: every kind of walk, at a third of a long horizon's rows.
const DAYS_BACK = 60;
const DAYS_AHEAD = 30;
const horizon = horizonAt(clock.now(), DAYS_BACK, DAYS_AHEAD);

function syncer(source: SyncSource = syncSource(rig.backend.client), extra: Partial<SyncerOptions> = {}) {
  return new MirrorSyncer({
    db,
    source,
    leadership: soleLeadership,
    instance: "test",
    daysBack: DAYS_BACK,
    daysAhead: DAYS_AHEAD,
    heat: TEST_HEAT,
    idleMs: 100,
    retryMs: 200,
    clock,
    ...extra,
  });
}

async function fullySynced(): Promise<boolean> {
  const status = await mirrorStatus(db);
  return status.windows.total > 0 && status.windows.synced === status.windows.total;
}

beforeAll(async () => {
  // ~57 tasks a day: a hot walk (33 days) takes four 500-row pages.
  rig = await startSyncRig({ VTS_SEED_TASKS: "12000" });
  db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
  const first = syncer();
  first.start();
  try {
    await eventually(fullySynced, SYNC_DEADLINE_MS, FILL_POLL_MS);
  } finally {
    await first.stop();
  }
}, 2 * SYNC_DEADLINE_MS);

afterAll(async () => {
  await db?.close();
  await rig?.close();
});

async function serviceQuery(sql: string, params: unknown[]) {
  return rig.service.context.store.query<{ id: string; started_at: string }>(sql, params);
}

describe("a full sync", () => {
  it("holds exactly the tasks a direct walk of /v1/tasks returns, as the same JSON", async () => {
    const direct = await directWalk(rig.service, horizon.from, horizon.to);
    // ~57 a day over 90 days: thousands of tasks, pages of them in every walk.
    expect(direct.length).toBeGreaterThan(4_000);
    const mirrored = await mirroredTasks(db);
    expect(mirrored.map((task) => task.id)).toEqual(direct.map((task) => task.id));
    expect(JSON.stringify(mirrored)).toBe(JSON.stringify(direct));
    const status = await mirrorStatus(db);
    expect(status).toMatchObject({
      rows: direct.length,
      horizon: { from: iso(horizon.from), to: iso(horizon.to) },
    });
    expect(status.sync_calls.last_hour).toBeGreaterThanOrEqual(Math.ceil(direct.length / 500));
    expect(status.locations_as_of).not.toBeNull();
  });
});

describe("changes at the service", () => {
  it("show after a hot refresh: a new status, a moved start (once, in its new place), a removal", async () => {
    const now = Date.now();
    const hot = await serviceQuery(
      "SELECT id, started_at FROM tasks WHERE started_at >= $1 AND started_at < $2 ORDER BY id LIMIT 3",
      [iso(now - DAY_MS), iso(now + 5 * DAY_MS)],
    );
    expect(hot).toHaveLength(3);
    const [changed, moved, removed] = hot.map((row) => row.id);
    const newStart = new Date(now + 3 * DAY_MS + 123);
    await serviceQuery("UPDATE tasks SET status = 'cancelled' WHERE id = $1 AND status <> 'cancelled'", [
      changed,
    ]);
    await serviceQuery("UPDATE tasks SET status = 'in_progress' WHERE id = $1 AND status = 'cancelled'", [
      changed,
    ]);
    const [current] = await rig.service.context.store.query<{ status: string }>(
      "SELECT status FROM tasks WHERE id = $1",
      [changed],
    );
    const wanted = current!.status;
    await serviceQuery("UPDATE tasks SET started_at = $2 WHERE id = $1", [moved, newStart.toISOString()]);
    await serviceQuery("DELETE FROM tasks WHERE id = $1", [removed]);

    const refresher = syncer();
    refresher.start();
    try {
      await eventually(async () => {
        // Only these rows: reading every mirrored task at each look would take the store from the syncer.
        const ids = await db.query<{ id: string; status: string; started_at: Date }>(
          "SELECT id, status, started_at FROM mirror_tasks WHERE id = ANY($1::text[])",
          [[changed, moved, removed]],
        );
        const movedRows = ids.filter((task) => task.id === moved);
        return (
          ids.some((task) => task.id === changed && task.status === wanted) &&
          movedRows.length === 1 &&
          movedRows[0]!.started_at.getTime() === newStart.getTime() &&
          !ids.some((task) => task.id === removed)
        );
      }, SYNC_DEADLINE_MS);
    } finally {
      await refresher.stop();
    }
    const direct = await directWalk(rig.service, horizon.from, horizon.to);
    expect(JSON.stringify(await mirroredTasks(db))).toBe(JSON.stringify(direct));
  });
});

describe("an interrupted walk", () => {
  it("leaves the slice it was in, and every later one, exactly as before", async () => {
    const windows = () =>
      db.query<{ starts_at: Date }>("SELECT starts_at, as_of, task_count FROM mirror_windows ORDER BY 1");
    // Make every hot slice differ at the service, so any half-applied slice would show.
    const now = Date.now();
    await serviceQuery(
      "UPDATE tasks SET status = CASE WHEN status = 'cancelled' THEN 'completed' ELSE 'cancelled' END WHERE started_at >= $1 AND started_at < $2",
      [iso(now - DAY_MS), iso(now + 30 * DAY_MS)],
    );
    // The service fails from a walk's second page on (as VtsClient reports a 503), and every call
    // after that, retries too. A walk of one page ends whole before it: the test before this one
    // may have left one slice staler than the rest, and such a slice is walked alone, first.
    const real = syncSource(rig.backend.client);
    let walkStart: { tasks: Task[]; windows: { starts_at: Date }[] } | undefined;
    let lastPageEnd = 0;
    let failed = false;
    const unavailable = () => new UpstreamError("unavailable", "The service answered 503.", { status: 503 });
    // A service without the change feed, or the feed would bring the changes without a walk.
    const failing: SyncSource = {
      listLocations: (signal) => real.listLocations(signal),
      listTaskChanges: async () => undefined,
      async listTasks(query, signal) {
        if (failed) throw unavailable();
        if (query.cursor !== undefined) {
          failed = true;
          throw unavailable();
        }
        // A walk begins: what the mirror holds now is what it must still hold past the point the
        // walk reaches, if the walk fails.
        walkStart = { tasks: await mirroredTasks(db), windows: await windows() };
        const page = await real.listTasks(query, signal);
        lastPageEnd = Date.parse(page.data.at(-1)?.started_at ?? query.from);
        return page;
      },
    };
    const broken = syncer(failing);
    broken.start();
    try {
      await eventually(async () => failed && (await mirrorStatus(db)).last_error !== null, SYNC_DEADLINE_MS);
    } finally {
      await broken.stop();
    }
    // Slices the failed walk had passed may have been applied (each whole); the one it was in and
    // all after it are as the walk found them, though the service has changed them.
    const untouchedFrom = Math.floor(lastPageEnd / DAY_MS) * DAY_MS;
    const found = walkStart!.tasks.filter((t) => Date.parse(t.started_at) >= untouchedFrom);
    expect(found.length).toBeGreaterThan(0);
    expect(await mirroredTasks(db, untouchedFrom)).toEqual(found);
    const atService = await directWalk(rig.service, untouchedFrom, horizon.to);
    expect(atService.map((t) => t.status)).not.toEqual(found.map((t) => t.status));
    const later = (rows: { starts_at: Date }[]) =>
      rows.filter((row) => row.starts_at.getTime() >= untouchedFrom);
    expect(later(await windows())).toEqual(later(walkStart!.windows));
    expect((await mirrorStatus(db)).last_error?.message).toBe("The service answered 503.");
  });
});

describe("two syncers at once", () => {
  it("the overtaken one logs its lost claim with the slice, stops its walk, and records no error", async () => {
    const real = syncSource(rig.backend.client);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held: { from: number; at: number } | undefined;
    let pages = 0;
    // Its first page waits until a newer walk has applied the slice it starts in.
    const overtakenSource: SyncSource = {
      listLocations: (signal) => real.listLocations(signal),
      listTaskChanges: (from, signal) => real.listTaskChanges(from, signal),
      async listTasks(query, signal) {
        if (!held) {
          held = { from: Date.parse(query.from), at: clock.now() };
          await gate;
        }
        pages += 1;
        return real.listTasks(query, signal);
      },
    };
    const warnings: { message: string; pages: number }[] = [];
    const errors: unknown[] = [];
    const log = {
      debug: () => {},
      info: () => {},
      warn: (message: string) => warnings.push({ message, pages }),
    };
    const lastError = (await mirrorStatus(db)).last_error;
    const overtaken = syncer(overtakenSource, { log, onError: (error) => errors.push(error) });
    const newer = syncer();
    overtaken.start();
    try {
      await eventually(async () => held !== undefined, SYNC_DEADLINE_MS);
      const claimedAfter = held!.at;
      newer.start();
      await eventually(async () => {
        const slice = (await readSlices(db)).find((w) => w.startsAt === held!.from);
        return (slice?.asOf ?? 0) > claimedAfter;
      }, SYNC_DEADLINE_MS);
      await newer.stop();
      release();
      await eventually(async () => warnings.length > 0, SYNC_DEADLINE_MS);
    } finally {
      release();
      await overtaken.stop();
      await newer.stop();
    }
    expect(warnings[0]!.message).toContain(`lost the claim on slice ${iso(held!.from)}`);
    // The first page passes the slice's end, so its apply is the first: the walk went no further.
    expect(warnings[0]!.pages).toBe(1);
    expect(errors).toEqual([]);
    expect((await mirrorStatus(db)).last_error).toEqual(lastError);
    const slice = (await readSlices(db)).find((w) => w.startsAt === held!.from);
    expect(slice!.asOf).toBeGreaterThan(held!.at);
  });
});
