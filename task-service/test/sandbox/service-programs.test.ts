// The sandbox's maintenance programs, read back from its tasks alone, as a fleet coordinator would:
// a vehicle's program jobs recur at its interval (days or miles, whichever comes first), most on
// time, a few late, and on the day the sandbox is generated some vehicles are overdue, some due
// soon and some booked ahead. The intervals come from SANDBOX_PROGRAMS; everything else from the tasks.
import { describe, expect, it } from "vitest";
import type { TaskRecord } from "../../src/domain/records";
import { SANDBOX_PROGRAMS } from "../../src/sandbox/service-programs";
import { DAY, anchor, byVehicle, generate, tasks } from "./sandbox-fixture";

const PROGRAMS = new Map(SANDBOX_PROGRAMS.map((program) => [program.type.name, program]));

/** Miles a day, from the vehicle's first and last readings. */
function milesPerDay(own: readonly TaskRecord[]): number {
  const sorted = [...own].sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const days = (last.started_at.getTime() - first.started_at.getTime()) / DAY;
  return (last.odometer_miles - first.odometer_miles) / days;
}

type State = "overdue" | "due_soon" | "scheduled" | "ok";

interface Reading {
  /** Completed jobs: how far past the interval each came, as a share (1.1 = 10% late). */
  ratios: number[];
  state: State;
}

function read(own: readonly TaskRecord[], typeName: string): Reading | null {
  const program = PROGRAMS.get(typeName)!;
  const jobs = own
    .filter((task) => task.task_type === typeName)
    .sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
  const done = jobs.filter((task) => task.status === "completed");
  if (done.length === 0) return null;
  const ratio = (from: TaskRecord, to: TaskRecord) => {
    const days = (to.started_at.getTime() - from.started_at.getTime()) / DAY / program.days;
    const miles = program.miles === null ? 0 : (to.odometer_miles - from.odometer_miles) / program.miles;
    return Math.max(days, miles);
  };
  const ratios = done.slice(1).map((task, index) => ratio(done[index]!, task));
  const last = done.at(-1)!;
  const perDay = milesPerDay(own);
  const everyDays = program.miles === null ? program.days : Math.min(program.days, program.miles / perDay);
  const dueInDays = (last.started_at.getTime() - anchor.getTime()) / DAY + everyDays;
  const booked = jobs.some((task) => task.status === "scheduled");
  const state: State =
    dueInDays < 0 ? "overdue" : booked ? "scheduled" : dueInDays < everyDays * 0.1 ? "due_soon" : "ok";
  return { ratios, state };
}

describe("maintenance programs in a sandbox of 20 tasks a vehicle", () => {
  const readings = [...byVehicle(tasks).values()].flatMap((own) =>
    [...PROGRAMS.keys()].flatMap((type) => read(own, type) ?? []),
  );

  it("repeats each program's job at its interval: most on time, a few late, none early", () => {
    const ratios = readings.flatMap((reading) => reading.ratios);
    expect(ratios.length).toBeGreaterThan(2_000);
    const share = (test: (ratio: number) => boolean) => ratios.filter(test).length / ratios.length;
    expect(share((ratio) => ratio < 0.8)).toBe(0);
    expect(share((ratio) => ratio >= 0.8 && ratio <= 1.1)).toBeGreaterThan(0.85);
    expect(share((ratio) => ratio > 1.1)).toBeGreaterThan(0.02);
  });

  it("has vehicles overdue, due soon, booked ahead and fine, on the day it is generated", () => {
    const counts = new Map<State, number>();
    for (const { state } of readings) counts.set(state, (counts.get(state) ?? 0) + 1);
    for (const state of ["overdue", "due_soon", "scheduled", "ok"] as const) {
      expect(counts.get(state) ?? 0, state).toBeGreaterThan(20);
    }
  });

  it("leaves a sandbox too small for a history without programs", () => {
    const small = generate(2024, 5_000);
    const inspections = small.filter((task) => task.task_type === "multi_point_inspection");
    // Drawn at random, by the mix's weight (12%), not on an interval.
    expect(inspections.length / small.length).toBeGreaterThan(0.08);
    const perVehicle = [...byVehicle(inspections).values()].map((own) => own.length);
    expect(Math.max(...perVehicle)).toBeLessThanOrEqual(3);
  });
});
