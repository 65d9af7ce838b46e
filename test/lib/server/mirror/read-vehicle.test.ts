import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMirrorVehicle } from "@/lib/server/mirror/read/read-vehicle";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import type { MirrorDatabase } from "./support/mirror-databases";
import { STORES, SYNCED_AT, syncedSandboxMirror } from "./support/mirror-fixture";
import { compareBytes } from "./support/reference-selection";

// A vehicle's history from the mirror: all its tasks oldest first, the odometer as tasks done read
// it, and the last completed task of each type.

describe.each(STORES)("vehicle history on %s", (store) => {
  let db: MirrorDatabase;
  let tasks: Task[];

  beforeAll(async () => {
    ({ db, tasks } = await syncedSandboxMirror(store, "read_vehicle", 3_000));
  });
  afterAll(() => db?.close());

  it("lists every task of the vehicle over the horizon, oldest first", async () => {
    const perVehicle = new Map<string, Task[]>();
    for (const task of tasks)
      perVehicle.set(task.vehicle_id, [...(perVehicle.get(task.vehicle_id) ?? []), task]);
    const [vehicleId, own] = [...perVehicle].sort(([, a], [, b]) => b.length - a.length)[0] ?? [];
    if (!vehicleId || !own) throw new Error("no vehicles");
    const expected = own.toSorted(
      (a, b) => compareBytes(a.started_at, b.started_at) || compareBytes(a.id, b.id),
    );
    const done = expected.filter((task) => task.status === "completed" || task.status === "in_progress");
    const completed = expected.filter((task) => task.status === "completed");
    const vehicle = await readMirrorVehicle(db.sql, vehicleId, SYNCED_AT, undefined);

    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(vehicle).toEqual({
      vehicle_id: vehicleId,
      mva: expected.at(-1)?.mva,
      vin: expected.at(-1)?.vin,
      tasks: expected,
      odometer: done.map((task) => ({ at: task.started_at, miles: task.odometer_miles })),
      last_by_task_type: Object.fromEntries(
        [...new Set(completed.map((task) => task.task_type))]
          .sort(compareBytes)
          .map((type) => [type, completed.findLast((task) => task.task_type === type)]),
      ),
      as_of: SYNCED_AT.toISOString(),
    });
    expect(Object.keys(vehicle?.last_by_task_type ?? {}).length).toBeGreaterThan(0);
  });

  it("answers null for a vehicle the mirror does not hold", async () => {
    expect(await readMirrorVehicle(db.sql, "no-such-vehicle", SYNCED_AT, undefined)).toBeNull();
  });
});
