import { describe, expect, it } from "vitest";
import type { TaskRecord } from "../../src/domain/records";
import { isValidVin } from "../../src/sandbox/vin";
import { DAY, byVehicle, generate, tasks } from "./sandbox-fixture";

describe("vehicles", () => {
  it("uses at least 1,000 distinct vehicles from 1,000 tasks on", () => {
    expect(new Set(generate(7, 1_000).map((task) => task.vehicle_id)).size).toBe(1_000);
    expect(new Set(tasks.map((task) => task.vehicle_id)).size).toBe(1_000);
    expect(new Set(generate(7, 50).map((task) => task.vehicle_id)).size).toBe(50);
  });

  // What was left of the 1,000,000-task timing (now bench/sandbox): past 40,000 tasks the fleet
  // grows by one vehicle per 40 tasks, and the stream still ends at exactly the count asked for.
  it("streams exactly the tasks asked for on a fleet grown past 1,000 vehicles, using every vehicle", () => {
    const grown = generate(7, 60_000);
    expect(grown).toHaveLength(60_000);
    const vehicles = new Set(grown.map((task) => task.vehicle_id));
    expect(vehicles.size).toBe(1_500);
    expect(vehicles).toContain("veh_000001");
    expect(vehicles).toContain("veh_001500");
  });

  it("keeps mva and vin constant per vehicle, mva unique per vehicle, VINs valid", () => {
    const groups = [...byVehicle(tasks).values()];
    const inconsistent = groups.filter(
      (list) => new Set(list.map((task) => `${task.mva}/${task.vin}`)).size !== 1,
    );
    expect(inconsistent).toEqual([]);
    const firsts = groups.flatMap((list) => list.slice(0, 1));
    expect(new Set(firsts.map((task) => task.mva)).size).toBe(groups.length);
    expect(firsts.filter((task) => !/^\d{8}$/.test(task.mva))).toEqual([]);
    expect(firsts.filter((task) => task.vin !== null && !isValidVin(task.vin))).toEqual([]);
  });

  it("has 1-4% of vehicles without a VIN, and a null VIN in every sandbox of 10 or more tasks", () => {
    const vehicles = [...byVehicle(tasks).values()].map((list) => list[0]);
    const missing = vehicles.filter((task) => task?.vin === null).length / vehicles.length;
    expect(missing).toBeGreaterThan(0.01);
    expect(missing).toBeLessThan(0.04);
    const seeds = Array.from({ length: 30 }, (_, seed) => seed);
    expect(seeds.filter((seed) => !generate(seed, 10).some((task) => task.vin === null))).toEqual([]);
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
    const decreasing: TaskRecord[] = [];
    const rates: number[] = [];
    for (const list of byVehicle(tasks).values()) {
      const sorted = [...list].sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
      sorted.forEach((task, i) => {
        if (task.odometer_miles < (sorted[i - 1]?.odometer_miles ?? 0)) decreasing.push(task);
      });
      const first = sorted[0];
      const last = sorted[sorted.length - 1];
      const days = first && last ? (last.started_at.getTime() - first.started_at.getTime()) / DAY : 0;
      if (first && last && days > 60) rates.push((last.odometer_miles - first.odometer_miles) / days);
    }
    expect(decreasing).toEqual([]);
    expect(rates.length).toBeGreaterThan(500);
    expect(Math.min(...rates)).toBeGreaterThan(19);
    expect(Math.max(...rates)).toBeLessThan(121);
    const odometers = tasks.map((task) => task.odometer_miles);
    expect(odometers.filter((miles) => !Number.isInteger(miles))).toEqual([]);
    expect(Math.min(...odometers)).toBeGreaterThanOrEqual(3_000);
    expect(Math.max(...odometers)).toBeLessThan(60_000 + 120 * 210);
  });
});

describe("task types", () => {
  const common = [
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
    expect([...counts.keys()].filter((type) => !/^[a-z]+(_[a-z]+)*$/.test(type))).toEqual([]);
    expect(new Set(counts.keys())).toEqual(new Set([...common, ...rare]));
    expect(common.filter((type) => share(type) < 0.01)).toEqual([]);
    expect(rare.filter((type) => share(type) === 0 || share(type) >= 0.01)).toEqual([]);
    expect(share("oil_change")).toBeGreaterThan(share("wheel_alignment") * 3);
    expect(share("car_wash")).toBeGreaterThan(share("windshield_repair") * 3);
  });

  it("gives no vehicle both oil changes and EV battery diagnostics", () => {
    const mixed = [...byVehicle(tasks).values()].filter((list) => {
      const types = new Set(list.map((task) => task.task_type));
      return types.has("oil_change") && types.has("ev_battery_diagnostic");
    });
    expect(mixed).toEqual([]);
  });
});
