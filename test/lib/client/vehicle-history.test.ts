import { describe, expect, it } from "vitest";
import type { Task } from "@/lib/client/api-types";
import {
  lastDone,
  lastSeenTask,
  newestFirst,
  odometerDrops,
  odometerReadings,
  repeatedTasks,
} from "@/lib/client/vehicle-history";
import type { Vehicle } from "@/lib/client/api-types";
import { sampleTask } from "../support/sample-task";

const task = (id: string, started_at: string, odometer_miles: number, overrides: Partial<Task> = {}) =>
  sampleTask({ id, started_at, odometer_miles, ...overrides });

/** A history as the API builds it: readings of completed and in-progress tasks, oldest first. */
function vehicleOf(tasks: Task[]): Vehicle {
  const last: Record<string, Task> = {};
  for (const one of tasks) if (one.status === "completed") last[one.task_type] = one;
  return {
    vehicle_id: "veh-1",
    mva: "61234567",
    vin: null,
    tasks,
    odometer: tasks
      .filter((one) => one.status === "completed" || one.status === "in_progress")
      .map((one) => ({ at: one.started_at, miles: one.odometer_miles })),
    last_by_task_type: last,
    as_of: "2026-11-26T00:00:00.000Z",
  };
}

describe("where the vehicle was last seen", () => {
  it("is its latest completed or in-progress task, not a later scheduled or cancelled one", () => {
    const tasks = [
      task("a", "2026-11-01T10:00:00.000Z", 100),
      task("b", "2026-11-02T10:00:00.000Z", 150, { status: "in_progress" }),
      task("c", "2026-11-03T10:00:00.000Z", 150, { status: "cancelled" }),
      task("d", "2026-11-24T10:00:00.000Z", 150, { status: "scheduled" }),
    ];
    expect(lastSeenTask(tasks)?.id).toBe("b");
    expect(lastSeenTask(tasks.slice(2))).toBeUndefined();
  });
});

describe("odometer readings", () => {
  it("pairs each reading with the task that took it, skipping scheduled and cancelled tasks", () => {
    const tasks = [
      task("a", "2026-11-01T10:00:00.000Z", 100),
      task("b", "2026-11-02T10:00:00.000Z", 150, { status: "scheduled" }),
      task("c", "2026-11-03T10:00:00.000Z", 200, { status: "in_progress" }),
      task("d", "2026-11-04T10:00:00.000Z", 90, { status: "cancelled" }),
    ];
    const readings = odometerReadings(vehicleOf(tasks));
    expect(readings.map((reading) => [reading.miles, reading.task?.id])).toEqual([
      [100, "a"],
      [200, "c"],
    ]);
  });

  it("keeps a reading without a matching task as a reading, with no task", () => {
    const vehicle = { ...vehicleOf([task("a", "2026-11-01T10:00:00.000Z", 100)]) };
    vehicle.odometer = [...vehicle.odometer, { at: "2026-11-05T00:00:00.000Z", miles: 300 }];
    expect(odometerReadings(vehicle).map((reading) => reading.task?.id)).toEqual(["a", undefined]);
  });

  it("pairs two readings at the same instant with two tasks, not one twice", () => {
    const at = "2026-11-01T10:00:00.000Z";
    const readings = odometerReadings(vehicleOf([task("a", at, 100), task("b", at, 100)]));
    expect(readings.map((reading) => reading.task?.id)).toEqual(["a", "b"]);
  });
});

describe("odometer drops", () => {
  const readingsOf = (miles: number[]) =>
    odometerReadings(
      vehicleOf(
        miles.map((value, i) =>
          task(`t${i}`, `2026-11-${String(i + 1).padStart(2, "0")}T10:00:00.000Z`, value),
        ),
      ),
    );

  it("flags a reading lower than any earlier one, against the highest before it", () => {
    const drops = odometerDrops(readingsOf([100, 500, 300, 200, 600]));
    expect(drops.map((drop) => [drop.reading.task?.id, drop.earlier.task?.id])).toEqual([
      ["t2", "t1"],
      ["t3", "t1"],
    ]);
  });

  it("flags nothing on rising or level readings", () => {
    expect(odometerDrops(readingsOf([100, 100, 250, 251]))).toEqual([]);
    expect(odometerDrops([])).toEqual([]);
  });
});

describe("the same task type twice within a day", () => {
  it("flags two tasks of a type under 24 hours apart, and not 24 hours or more", () => {
    const repeats = repeatedTasks([
      task("a", "2026-11-01T08:00:00.000Z", 1),
      task("b", "2026-11-01T20:30:00.000Z", 2),
      task("c", "2026-11-02T20:30:00.000Z", 3),
      task("x", "2026-11-01T09:00:00.000Z", 4, { task_type: "car_wash" }),
    ]);
    expect(
      repeats.map((repeat) => [repeat.taskType, repeat.first.id, repeat.second.id, repeat.hoursApart]),
    ).toEqual([["oil_change", "a", "b", 12.5]]);
  });

  it("finds repeats whatever order the tasks come in, and leaves cancelled tasks out", () => {
    const repeats = repeatedTasks([
      task("b", "2026-11-01T10:00:00.000Z", 2),
      task("c", "2026-11-01T09:00:00.000Z", 1, { status: "cancelled" }),
      task("a", "2026-11-01T06:00:00.000Z", 1),
    ]);
    expect(repeats.map((repeat) => [repeat.first.id, repeat.second.id])).toEqual([["a", "b"]]);
  });
});

describe("last done per task type", () => {
  const tasks = [
    task("oil", "2026-11-01T10:00:00.000Z", 10_000),
    task("tyres", "2026-11-10T10:00:00.000Z", 10_400, { task_type: "tire_rotation" }),
    task("now", "2026-11-20T10:00:00.000Z", 11_000, { task_type: "inspection", status: "in_progress" }),
  ];

  it("counts calendar days and the miles to the latest reading, newest first", () => {
    const done = lastDone(vehicleOf(tasks), new Date("2026-11-21T09:59:59.000Z"), {});
    expect(done.map(({ taskType, daysSince, milesSince }) => [taskType, daysSince, milesSince])).toEqual([
      ["tire_rotation", 11, 600],
      ["oil_change", 20, 1000],
    ]);
  });

  it("counts the days in the zone of the location its date is shown in", () => {
    // 17:30 on the 20th in Chicago; now is 23:00 there the same day, 05:00 the 21st in UTC.
    const late = task("late", "2026-11-20T23:30:00.000Z", 10_000);
    const now = new Date("2026-11-21T05:00:00.000Z");
    const vehicle = vehicleOf([late]);
    expect(lastDone(vehicle, now, { [late.location.id]: "America/Chicago" })[0]?.daysSince).toBe(0);
    expect(lastDone(vehicle, now, {})[0]?.daysSince).toBe(1);
    // 23:30 on the 20th in Berlin; an hour later it is the 21st there and still the 20th in UTC.
    const evening = vehicleOf([task("evening", "2026-11-20T22:30:00.000Z", 10_000)]);
    const hourLater = new Date("2026-11-20T23:30:00.000Z");
    expect(lastDone(evening, hourLater, { [late.location.id]: "Europe/Berlin" })[0]?.daysSince).toBe(1);
    expect(lastDone(evening, hourLater, {})[0]?.daysSince).toBe(0);
  });

  it("says how far below when the odometer reads lower now, and nothing without a reading", () => {
    const lower = vehicleOf([
      ...tasks,
      task("later", "2026-11-22T10:00:00.000Z", 9_000, { task_type: "car_wash" }),
    ]);
    expect(
      lastDone(lower, new Date("2026-11-23T00:00:00.000Z"), {}).find((one) => one.taskType === "oil_change")
        ?.milesSince,
    ).toBe(-1000);
    expect(
      lastDone({ last_by_task_type: { oil_change: tasks[0]! }, odometer: [] }, new Date(), {})[0]?.milesSince,
    ).toBeUndefined();
  });

  it("never counts negative days for a task that starts later today", () => {
    const done = lastDone(vehicleOf(tasks), new Date("2026-11-01T09:00:00.000Z"), {});
    expect(done.find((one) => one.taskType === "oil_change")?.daysSince).toBe(0);
  });
});

describe("the timeline", () => {
  it("lists newest first, ties by id", () => {
    const at = "2026-11-02T00:00:00.000Z";
    const order = newestFirst([task("a", "2026-11-01T00:00:00.000Z", 1), task("b", at, 2), task("c", at, 3)]);
    expect(order.map((one) => one.id)).toEqual(["c", "b", "a"]);
  });
});
