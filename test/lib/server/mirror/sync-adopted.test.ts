// A mirror shared by several instances on one PostgreSQL mirrors one service. When a deploy points
// a new instance at another service (VTS_BASE_URL or the client changed), it empties the mirror
// and adopts it for that service; an instance of the old configuration, still leading, must then
// write nothing more of what it reads, and leave the lead to one that mirrors the new service.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eventually } from "@/harness/eventually";
import { scratchDatabase } from "@/harness/local-postgres";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { applyLocations, applySlice } from "@/lib/server/mirror/sync/apply";
import { applyFeedPage, dropFeedCursor, recordFeedStart } from "@/lib/server/mirror/sync/feed";
import type { Leadership } from "@/lib/server/mirror/sync/leader";
import { DEFAULT_HEAT } from "@/lib/server/mirror/sync/plan";
import { alignSlices, horizonAt } from "@/lib/server/mirror/sync/slices";
import { adoptSource, SourceReplaced, type SyncSource } from "@/lib/server/mirror/sync/source";
import { MirrorSyncer } from "@/lib/server/mirror/sync/syncer";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { DAY_MS } from "@/contract/query/day";

const OLD = "http://old.example sandbox-full";
const NEW = "http://new.example sandbox-full";
const NOW = Date.now();
const horizon = horizonAt(NOW, 3, 1);
const slice = { startsAt: horizon.from, endsAt: horizon.from + DAY_MS };

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let db: MirrorDb;

beforeAll(async () => {
  database = await scratchDatabase(inject("postgresUrl"), "mirror_adopted");
  db = await openMirrorDb({ databaseUrl: database.url, dataDir: undefined });
  await alignSlices(db, horizon);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

const oldServiceTask: Task = {
  id: "tsk_old_service",
  vehicle_id: "veh_1",
  mva: "M1",
  vin: null,
  task_type: "oil_change",
  status: "completed",
  location: { id: "loc_1", name: "Denver" },
  started_at: new Date(slice.startsAt + 5).toISOString(),
  odometer_miles: 1,
};

async function mirrored() {
  const [state] = await db.query<{
    source: string;
    feed_cursor: string | null;
    feed_offered: boolean | null;
    locations_as_of: Date | null;
  }>("SELECT source, feed_cursor, feed_offered, locations_as_of FROM mirror_sync_state");
  const tasks = await db.query<{ id: string }>("SELECT id FROM mirror_tasks");
  const walked = await db.query<{ starts_at: Date }>(
    "SELECT starts_at FROM mirror_windows WHERE as_of IS NOT NULL",
  );
  const locations = await db.query<{ id: string }>("SELECT id FROM mirror_locations");
  return { state, tasks: tasks.length, walked: walked.length, locations: locations.length };
}

describe("a mirror adopted for another service", () => {
  it("refuses every write of an instance that adopted it for the old one, and takes the new one's", async () => {
    await adoptSource(db, OLD);
    await adoptSource(db, NEW);
    const asOf = new Date(NOW);
    await expect(applySlice(db, slice, [oldServiceTask], asOf, OLD)).rejects.toBeInstanceOf(SourceReplaced);
    await expect(
      applyFeedPage(
        db,
        { data: [oldServiceTask], next_cursor: "c2", has_more: false, caught_up: true },
        horizon,
        asOf,
        OLD,
      ),
    ).rejects.toBeInstanceOf(SourceReplaced);
    await expect(recordFeedStart(db, "old-cursor", asOf, OLD)).rejects.toBeInstanceOf(SourceReplaced);
    await expect(dropFeedCursor(db, asOf, false, OLD)).rejects.toBeInstanceOf(SourceReplaced);
    await expect(
      applyLocations(db, [{ id: "loc_1", name: "Denver", timezone: "UTC", address: "-" }], asOf, OLD),
    ).rejects.toBeInstanceOf(SourceReplaced);
    expect(await mirrored()).toEqual({
      state: { source: NEW, feed_cursor: null, feed_offered: null, locations_as_of: null },
      tasks: 0,
      walked: 0,
      locations: 0,
    });

    expect(await applySlice(db, slice, [{ ...oldServiceTask, id: "tsk_new_service" }], asOf, NEW)).toBe(true);
    expect((await mirrored()).tasks).toBe(1);
  });

  it("stops the old instance's syncer and lets its lead go", async () => {
    await adoptSource(db, OLD);
    await adoptSource(db, NEW);
    let released = 0;
    const leadership: Leadership = {
      check: () => Promise.resolve(released === 0),
      release: () => {
        released += 1;
        return Promise.resolve();
      },
    };
    const oldService: SyncSource = {
      listTasks: () => Promise.resolve({ data: [oldServiceTask], next_cursor: null }),
      listLocations: () => Promise.resolve([{ id: "loc_1", name: "Denver", timezone: "UTC", address: "-" }]),
      listTaskChanges: () => Promise.resolve(undefined),
    };
    const syncer = new MirrorSyncer({
      db,
      source: oldService,
      leadership,
      instance: "old",
      daysBack: 3,
      daysAhead: 1,
      heat: DEFAULT_HEAT,
      idleMs: 50,
      retryMs: 50,
      adopted: OLD,
    });
    syncer.start();
    try {
      await eventually(() => Promise.resolve(released > 0), 10_000);
      expect(syncer.isLeader).toBe(false);
    } finally {
      await syncer.stop();
    }
    expect(await mirrored()).toMatchObject({ state: { source: NEW }, tasks: 0, walked: 0, locations: 0 });
  });
});
