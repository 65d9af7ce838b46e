import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDENTIFIER_PATTERN, type TaskRecord } from "../../src/domain/records";
import { sandboxLocations, sandboxTasks } from "../../src/sandbox/generate-sandbox-data";
import { isValidVin } from "../../src/sandbox/vin";

const DAY = 86_400_000;
const HOUR = 3_600_000;
// An anchor in March puts US, European and Australian DST switches inside the window.
const anchor = new Date("2025-03-20T16:42:17.345Z");
const windowStart = anchor.getTime() - 180 * DAY;
const windowEnd = anchor.getTime() + 30 * DAY;
const generate = (seed: number, taskCount: number, at = anchor): TaskRecord[] => [
  ...sandboxTasks({ seed, taskCount, anchor: at }),
];

const tasks = generate(2024, 20_000);
const zoneOf = new Map(sandboxLocations().map((location) => [location.id, location.timezone]));

const formatters = new Map<string, Intl.DateTimeFormat>();
function localTime(date: Date, timeZone: string): { hour: number; minute: number; second: number } {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    const options = {
      timeZone,
      hourCycle: "h23",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    } as const;
    formatter = new Intl.DateTimeFormat("en-US", options);
    formatters.set(timeZone, formatter);
  }
  const part = (type: string): number =>
    Number(formatter.formatToParts(date).find((p) => p.type === type)?.value);
  return { hour: part("hour"), minute: part("minute"), second: part("second") };
}

function byVehicle(list: readonly TaskRecord[]): Map<string, TaskRecord[]> {
  const groups = new Map<string, TaskRecord[]>();
  for (const task of list) groups.set(task.vehicle_id, [...(groups.get(task.vehicle_id) ?? []), task]);
  return groups;
}

function maxSharedStart(list: readonly TaskRecord[]): number {
  const counts = new Map<number, number>();
  for (const task of list)
    counts.set(task.started_at.getTime(), (counts.get(task.started_at.getTime()) ?? 0) + 1);
  return Math.max(...counts.values());
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("determinism", () => {
  it("gives identical output for the same seed, taskCount and anchor", () => {
    expect(generate(2024, 5_000)).toEqual(tasks.slice(0, 5_000));
  });

  it("gives different data for a different seed or anchor", () => {
    const other = generate(2025, 5_000);
    expect(other.map((task) => task.id)).not.toEqual(tasks.slice(0, 5_000).map((task) => task.id));
    expect(other.map((task) => task.mva)).not.toEqual(tasks.slice(0, 5_000).map((task) => task.mva));
    const shifted = generate(2024, 100, new Date(anchor.getTime() + DAY));
    expect(shifted.map((task) => task.started_at)).not.toEqual(
      tasks.slice(0, 100).map((task) => task.started_at),
    );
  });

  it("uses neither Math.random nor Date.now", () => {
    const random = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random used");
    });
    const now = vi.spyOn(Date, "now").mockImplementation(() => {
      throw new Error("Date.now used");
    });
    expect(generate(2024, 2_000)).toEqual(tasks.slice(0, 2_000));
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
    const sourceDir = fileURLToPath(new URL("../../src/sandbox/", import.meta.url));
    for (const file of readdirSync(sourceDir)) {
      const source = readFileSync(`${sourceDir}${file}`, "utf8");
      expect(source, file).not.toMatch(/Math\.random|Date\.now|new Date\(\)|performance\.now/);
    }
  });

  it("streams lazily and validates its options up front", () => {
    const stream = sandboxTasks({ seed: 1, taskCount: 1_000_000, anchor });
    expect(stream.next().done).toBe(false);
    expect(generate(1, 0)).toEqual([]);
    expect(() => sandboxTasks({ seed: 1.5, taskCount: 10, anchor })).toThrow(RangeError);
    expect(() => sandboxTasks({ seed: 1, taskCount: -1, anchor })).toThrow(RangeError);
    expect(() => sandboxTasks({ seed: 1, taskCount: 2.5, anchor })).toThrow(RangeError);
    expect(() => sandboxTasks({ seed: 1, taskCount: 10, anchor: new Date(Number.NaN) })).toThrow(RangeError);
  });
});

describe("identifiers", () => {
  it("gives unique task ids that match the identifier pattern and hide creation order", () => {
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length);
    for (const task of tasks) {
      expect(task.id).toMatch(/^tsk_[0-9a-z]{10}$/);
      for (const id of [task.id, task.vehicle_id, task.mva, task.location_id])
        expect(id).toMatch(IDENTIFIER_PATTERN);
    }
    const ascending = tasks.slice(1).filter((task, i) => task.id > (tasks[i]?.id ?? "")).length;
    expect(ascending / tasks.length).toBeGreaterThan(0.4);
    expect(ascending / tasks.length).toBeLessThan(0.6);
  });

  it("uses only catalogue locations", () => {
    for (const task of tasks) expect(zoneOf.has(task.location_id)).toBe(true);
    expect(new Set(tasks.map((task) => task.location_id)).size).toBe(zoneOf.size);
  });
});

describe("time window", () => {
  it("keeps every start within [anchor - 180 days, anchor + 30 days) as a whole-millisecond Date", () => {
    for (const task of tasks) {
      expect(task.started_at).toBeInstanceOf(Date);
      const time = task.started_at.getTime();
      expect(Number.isInteger(time)).toBe(true);
      expect(time).toBeGreaterThanOrEqual(windowStart);
      expect(time).toBeLessThan(windowEnd);
    }
  });

  it("spans the whole window", () => {
    const times = tasks.map((task) => task.started_at.getTime());
    expect(Math.min(...times)).toBeLessThan(windowStart + 2 * DAY);
    expect(Math.max(...times)).toBeGreaterThan(windowEnd - 2 * DAY);
    const future = times.filter((time) => time >= anchor.getTime()).length / times.length;
    expect(future).toBeGreaterThan(0.08);
    expect(future).toBeLessThan(0.16);
  });

  it("starts tasks during local business hours (07:00-19:00) in the branch's time zone", () => {
    for (const task of tasks) {
      const { hour } = localTime(task.started_at, zoneOf.get(task.location_id) ?? "UTC");
      expect(hour, `${task.id} ${task.location_id} ${task.started_at.toISOString()}`).toBeGreaterThanOrEqual(
        7,
      );
      expect(hour, `${task.id} ${task.location_id} ${task.started_at.toISOString()}`).toBeLessThan(19);
    }
  });

  it("books future tasks on local quarter hours, so start times repeat", () => {
    const future = tasks.filter((task) => task.started_at.getTime() >= anchor.getTime());
    for (const task of future) {
      const { minute, second } = localTime(task.started_at, zoneOf.get(task.location_id) ?? "UTC");
      expect(minute % 15).toBe(0);
      expect(second).toBe(0);
      expect(task.started_at.getUTCMilliseconds()).toBe(0);
    }
    expect(maxSharedStart(tasks)).toBeGreaterThanOrEqual(3);
  });

  it("has at least 3 tasks sharing one start time even in tiny sandboxes", () => {
    for (let seed = 0; seed < 30; seed++)
      expect(maxSharedStart(generate(seed, 10))).toBeGreaterThanOrEqual(3);
  });
});

describe("vehicles", () => {
  it("uses at least 1,000 distinct vehicles from 1,000 tasks on", () => {
    expect(new Set(generate(7, 1_000).map((task) => task.vehicle_id)).size).toBe(1_000);
    expect(new Set(tasks.map((task) => task.vehicle_id)).size).toBe(1_000);
    expect(new Set(generate(7, 50).map((task) => task.vehicle_id)).size).toBe(50);
  });

  it("keeps mva and vin constant per vehicle, mva unique per vehicle, VINs valid", () => {
    const groups = byVehicle(tasks);
    const mvaOwners = new Map<string, string>();
    for (const [vehicleId, list] of groups) {
      const first = list[0];
      expect(list.every((task) => task.mva === first?.mva && task.vin === first.vin)).toBe(true);
      expect(first?.mva).toMatch(/^\d{8}$/);
      expect(mvaOwners.has(first?.mva ?? "")).toBe(false);
      mvaOwners.set(first?.mva ?? "", vehicleId);
      if (first?.vin != null) expect(isValidVin(first.vin)).toBe(true);
    }
  });

  it("has 1-4% of vehicles without a VIN, and a null VIN in every sandbox of 10 or more tasks", () => {
    const vehicles = [...byVehicle(tasks).values()].map((list) => list[0]);
    const missing = vehicles.filter((task) => task?.vin === null).length / vehicles.length;
    expect(missing).toBeGreaterThan(0.01);
    expect(missing).toBeLessThan(0.04);
    for (let seed = 0; seed < 30; seed++)
      expect(generate(seed, 10).some((task) => task.vin === null)).toBe(true);
  });

  it("services each vehicle mostly at one home branch, sometimes elsewhere", () => {
    let atHome = 0;
    for (const list of byVehicle(tasks).values()) {
      const counts = new Map<string, number>();
      for (const task of list) counts.set(task.location_id, (counts.get(task.location_id) ?? 0) + 1);
      atHome += Math.max(...counts.values());
    }
    expect(atHome / tasks.length).toBeGreaterThan(0.78);
    expect(atHome / tasks.length).toBeLessThan(0.95);
  });

  it("has integer odometers that never decrease over a vehicle's tasks and grow at a plausible rate", () => {
    for (const list of byVehicle(tasks).values()) {
      const sorted = [...list].sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i]?.odometer_miles).toBeGreaterThanOrEqual(sorted[i - 1]?.odometer_miles ?? 0);
      }
      const first = sorted[0];
      const last = sorted[sorted.length - 1];
      if (first === undefined || last === undefined) continue;
      const days = (last.started_at.getTime() - first.started_at.getTime()) / DAY;
      if (days > 60) {
        const rate = (last.odometer_miles - first.odometer_miles) / days;
        expect(rate).toBeGreaterThan(19);
        expect(rate).toBeLessThan(121);
      }
    }
    for (const task of tasks) {
      expect(Number.isInteger(task.odometer_miles)).toBe(true);
      expect(task.odometer_miles).toBeGreaterThanOrEqual(3_000);
      expect(task.odometer_miles).toBeLessThan(60_000 + 120 * 210);
    }
  });
});

describe("task types", () => {
  const expected = [
    "oil_change",
    "tire_rotation",
    "multi_point_inspection",
    "detailing",
    "car_wash",
    "brake_inspection",
    "battery_check",
    "wiper_replacement",
    "cabin_air_filter",
    "tire_replacement",
    "wheel_alignment",
    "recall_repair",
    "damage_repair",
    "windshield_repair",
  ];
  const rare = ["key_replacement", "ev_battery_diagnostic", "transmission_service"];

  it("produces a realistic weighted mix of snake_case types", () => {
    const counts = new Map<string, number>();
    for (const task of tasks) counts.set(task.task_type, (counts.get(task.task_type) ?? 0) + 1);
    const share = (type: string): number => (counts.get(type) ?? 0) / tasks.length;
    for (const type of counts.keys()) expect(type).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const type of expected) expect(share(type)).toBeGreaterThan(0.01);
    for (const type of rare) {
      expect(share(type)).toBeGreaterThan(0);
      expect(share(type)).toBeLessThan(0.01);
    }
    expect(new Set(counts.keys())).toEqual(new Set([...expected, ...rare]));
    expect(share("oil_change")).toBeGreaterThan(share("wheel_alignment") * 3);
    expect(share("car_wash")).toBeGreaterThan(share("windshield_repair") * 3);
  });

  it("gives electric vehicles no oil changes and combustion vehicles no battery diagnostics", () => {
    const groups = byVehicle(tasks);
    for (const list of groups.values()) {
      const types = new Set(list.map((task) => task.task_type));
      expect(types.has("oil_change") && types.has("ev_battery_diagnostic")).toBe(false);
    }
  });
});

describe("statuses", () => {
  const now = anchor.getTime();

  it("keeps status consistent with the start time", () => {
    for (const task of tasks) {
      const time = task.started_at.getTime();
      if (time >= now) expect(["scheduled", "cancelled"]).toContain(task.status);
      else expect(["in_progress", "completed", "cancelled"]).toContain(task.status);
      if (task.status === "in_progress") expect(now - time).toBeLessThanOrEqual(4 * HOUR);
    }
  });

  it("mostly schedules future tasks and completes past ones, with some cancelled", () => {
    const future = tasks.filter((task) => task.started_at.getTime() >= now);
    const past = tasks.filter((task) => task.started_at.getTime() < now - 4 * HOUR);
    const share = (list: TaskRecord[], status: string): number =>
      list.filter((task) => task.status === status).length / list.length;
    expect(share(future, "scheduled")).toBeGreaterThan(0.9);
    expect(share(future, "cancelled")).toBeGreaterThan(0.01);
    expect(share(past, "completed")).toBeGreaterThan(0.85);
    expect(share(past, "cancelled")).toBeGreaterThan(0.02);
    expect(share(past, "cancelled")).toBeLessThan(0.12);
    const recent = tasks.filter(
      (task) => task.started_at.getTime() < now && task.started_at.getTime() >= now - HOUR,
    );
    expect(recent.some((task) => task.status === "in_progress")).toBe(true);
  });

  it("has every status in every sandbox of 10 or more tasks", () => {
    const all = ["scheduled", "in_progress", "completed", "cancelled"];
    for (let seed = 0; seed < 30; seed++) {
      for (const taskCount of [10, 11, 37]) {
        const statuses = new Set(generate(seed, taskCount).map((task) => task.status));
        expect([...statuses].sort()).toEqual([...all].sort());
      }
    }
  });
});

describe("small sandboxes", () => {
  it.each([1, 2, 3, 5, 9])("produces %i valid task(s)", (taskCount) => {
    const list = generate(3, taskCount);
    expect(list).toHaveLength(taskCount);
    for (const task of list) {
      expect(task.started_at.getTime()).toBeGreaterThanOrEqual(windowStart);
      expect(task.started_at.getTime()).toBeLessThan(windowEnd);
      expect(task.id).toMatch(IDENTIFIER_PATTERN);
    }
  });
});
