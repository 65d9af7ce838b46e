// Which job a vehicle's due row names as booked, read from the mirror: the job under way, else the
// next booking not a day past its time. A no-show (still "scheduled" days after its time) hides
// neither, and is no booking itself; nor is a job left "in progress" for weeks.
import { afterAll, beforeAll, expect, it } from "vitest";
import { readDueRows } from "@/lib/server/maintenance/read-maintenance";
import type { ProgramInEffect } from "@/lib/server/maintenance/program-override";
import { upsertMirrorTasks } from "@/lib/server/mirror/sync/apply";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";

const DAY_MS = 86_400_000;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const at = (daysFromNow: number) => new Date(NOW.getTime() + daysFromNow * DAY_MS).toISOString();

const OIL: ProgramInEffect = {
  task_type: "oil_change",
  interval_days: 90,
  interval_miles: null,
  due_soon_share: 0.1,
  source: "learned",
  learned: { interval_days: 90, interval_miles: null },
  sample: null,
  override: null,
};

function task(id: string, vehicle: string, status: string, daysFromNow: number, miles: number): Task {
  return {
    id,
    vehicle_id: vehicle,
    mva: `mva-${vehicle}`,
    vin: null,
    task_type: "oil_change",
    status,
    location: { id: "loc_1", name: "Depot" },
    started_at: at(daysFromNow),
    odometer_miles: miles,
  };
}

let db: MirrorDb;

beforeAll(async () => {
  db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
  await upsertMirrorTasks(
    db,
    [
      // Under way behind a no-show.
      task("tsk_a_done", "veh_a", "completed", -60, 10_000),
      task("tsk_a_noshow", "veh_a", "scheduled", -10, 10_000),
      task("tsk_a_underway", "veh_a", "in_progress", -1 / 24, 11_000),
      // A booking ahead behind a no-show.
      task("tsk_b_done", "veh_b", "completed", -60, 20_000),
      task("tsk_b_noshow", "veh_b", "scheduled", -10, 20_000),
      task("tsk_b_booked", "veh_b", "scheduled", 5, 20_000),
      // Booked for two hours ago, not yet marked under way: still the plan.
      task("tsk_c_done", "veh_c", "completed", -60, 30_000),
      task("tsk_c_late", "veh_c", "scheduled", -2 / 24, 30_000),
      // Only a no-show: nothing booked.
      task("tsk_d_done", "veh_d", "completed", -60, 40_000),
      task("tsk_d_noshow", "veh_d", "scheduled", -10, 40_000),
      // Left "in progress" 45 days ago and never closed, the job due in 5 days: not under way.
      task("tsk_e_done", "veh_e", "completed", -85, 50_000),
      task("tsk_e_forgotten", "veh_e", "in_progress", -45, 50_000),
      // The same, with a real booking ahead: that one is named.
      task("tsk_f_done", "veh_f", "completed", -85, 60_000),
      task("tsk_f_forgotten", "veh_f", "in_progress", -45, 60_000),
      task("tsk_f_booked", "veh_f", "scheduled", 3, 60_000),
    ],
    { walkAsOf: NOW },
  );
});

afterAll(() => db?.close());

it("names the job under way or the next booking, never a no-show, and books the vehicle", async () => {
  const rows = await readDueRows(db, [OIL], NOW);
  const byVehicle = new Map(rows.map((row) => [row.vehicle_id, row]));
  expect(byVehicle.get("veh_a")).toMatchObject({ state: "scheduled", booked: { task_id: "tsk_a_underway" } });
  expect(byVehicle.get("veh_b")).toMatchObject({ state: "scheduled", booked: { task_id: "tsk_b_booked" } });
  expect(byVehicle.get("veh_c")).toMatchObject({ state: "scheduled", booked: { task_id: "tsk_c_late" } });
  expect(byVehicle.get("veh_d")).toMatchObject({ state: "ok", booked: null });
  expect(byVehicle.get("veh_e")).toMatchObject({ state: "due_soon", booked: null });
  expect(byVehicle.get("veh_f")).toMatchObject({ state: "scheduled", booked: { task_id: "tsk_f_booked" } });
});
