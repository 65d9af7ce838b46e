import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { applySlice } from "@/lib/server/mirror/sync/apply";
import { DAY_MS } from "@/contract/query/day";
import { alignSlices, horizonAt, noteViewed, readSlices } from "@/lib/server/mirror/sync/slices";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";

// The horizon moves with time: a day later the oldest slice is gone with its tasks, a new one
// ahead is there, and every other slice keeps its as_of and tasks.

let db: MirrorDb;
beforeAll(async () => {
  db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
});
afterAll(async () => {
  await db.close();
});

const NOW = Date.UTC(2026, 2, 10, 12);

function task(id: string, startedAt: number): Task {
  return {
    id,
    vehicle_id: "veh_1",
    mva: "M1",
    vin: null,
    task_type: "oil_change",
    status: "completed",
    location: { id: "loc_1", name: "Denver" },
    started_at: new Date(startedAt).toISOString(),
    odometer_miles: 100,
  };
}

describe("the moving horizon", () => {
  it("drops the oldest day with its tasks and adds one ahead, keeping the rest", async () => {
    const first = horizonAt(NOW, 3, 1);
    await alignSlices(db, first);
    const asOf = new Date(NOW);
    await applySlice(
      db,
      { startsAt: first.from, endsAt: first.from + DAY_MS },
      [task("old", first.from + 5)],
      asOf,
    );
    await applySlice(
      db,
      { startsAt: first.from + DAY_MS, endsAt: first.from + 2 * DAY_MS },
      [task("kept", first.from + DAY_MS + 5)],
      asOf,
    );
    expect((await readSlices(db)).map((w) => w.startsAt)).toEqual(
      [0, 1, 2, 3, 4].map((d) => first.from + d * DAY_MS),
    );

    await alignSlices(db, horizonAt(NOW + DAY_MS, 3, 1));
    const slices = await readSlices(db);
    expect(slices.map((w) => w.startsAt)).toEqual([1, 2, 3, 4, 5].map((d) => first.from + d * DAY_MS));
    expect(slices[0]!.asOf).toBe(NOW);
    expect(slices.at(-1)!.asOf).toBeUndefined();
    expect((await db.query<{ id: string }>("SELECT id FROM mirror_tasks")).map((r) => r.id)).toEqual([
      "kept",
    ]);
  });

  it("marks the slices a person looks at, for the planner", async () => {
    const [, second, third] = await readSlices(db);
    await noteViewed(db, new Date(second!.startsAt + 1), new Date(third!.startsAt + 1));
    const viewed = (await readSlices(db)).filter((w) => w.viewedAt !== undefined).map((w) => w.startsAt);
    expect(viewed).toEqual([second!.startsAt, third!.startsAt]);
  });

  it("never lets an older walk overwrite a slice a newer walk applied", async () => {
    const [slice] = await readSlices(db);
    const newer = await applySlice(db, slice!, [], new Date(NOW + 60_000));
    const older = await applySlice(db, slice!, [task("stale", slice!.startsAt + 1)], new Date(NOW));
    expect([newer, older]).toEqual([true, false]);
    expect(await db.query("SELECT id FROM mirror_tasks WHERE id = 'stale'")).toEqual([]);
  });
});

describe("applying a slice", () => {
  it("takes a task the walk met twice (its start moved while the walk passed it) once, as last seen", async () => {
    const horizon = horizonAt(NOW, 3, 1);
    await alignSlices(db, horizon);
    const slice = { startsAt: horizon.from + 2 * DAY_MS, endsAt: horizon.from + 3 * DAY_MS };
    const applied = await applySlice(
      db,
      slice,
      [task("twice", slice.startsAt + 5), { ...task("twice", slice.startsAt + 9), status: "cancelled" }],
      new Date(NOW + 1),
    );
    expect(applied).toBe(true);
    const rows = await db.query<{ status: string }>("SELECT status FROM mirror_tasks WHERE id = 'twice'");
    expect(rows).toEqual([{ status: "cancelled" }]);
  });
});
