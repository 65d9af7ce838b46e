// Properties a person browsing a whole sandbox would notice if broken: a vehicle stays in its home
// region (no Chicago one day and Tokyo the next), and it does not get the same job twice within
// days (two oil changes hours apart; an appointment called off and rebooked days later is fine).
import { describe, expect, it } from "vitest";
import type { TaskRecord } from "../../src/domain/records";
import { CATALOG } from "../../src/sandbox/location-catalog";
import { DAY, anchor, byVehicle, generate, tasks } from "./sandbox-fixture";

const countryOf = new Map(CATALOG.map((location) => [location.id, location.country]));

/** Shortest gaps a fleet manager would accept between two jobs of one type on one vehicle. */
const MIN_GAP_DAYS: Record<string, number> = {
  oil_change: 21,
  tire_rotation: 21,
  transmission_service: 60,
  tire_replacement: 30,
  wheel_alignment: 14,
  brake_inspection: 14,
  multi_point_inspection: 7,
  detailing: 3,
  car_wash: 1,
};
const DEFAULT_MIN_GAP_DAYS = 1;

function regionBreaks(list: readonly TaskRecord[]): string[] {
  return [...byVehicle(list)].flatMap(([vehicle, own]) => {
    const countries = new Set(own.map((task) => countryOf.get(task.location_id)));
    return countries.size === 1 ? [] : [`${vehicle}: ${[...countries].join(", ")}`];
  });
}

function repeatsTooSoon(list: readonly TaskRecord[]): string[] {
  const found: string[] = [];
  for (const [vehicle, own] of byVehicle(list)) {
    const byType = new Map<string, number[]>();
    for (const task of own) {
      if (task.status === "cancelled") continue;
      const times = byType.get(task.task_type) ?? [];
      times.push(task.started_at.getTime());
      byType.set(task.task_type, times);
    }
    for (const [type, times] of byType) {
      times.sort((a, b) => a - b);
      const minGap = (MIN_GAP_DAYS[type] ?? DEFAULT_MIN_GAP_DAYS) * DAY;
      for (let i = 1; i < times.length; i++) {
        const gap = times[i]! - times[i - 1]!;
        if (gap < minGap) found.push(`${vehicle} ${type} ${(gap / DAY).toFixed(2)} days apart`);
      }
    }
  }
  return found;
}

describe("sandbox realism over a whole sandbox", () => {
  it("keeps every vehicle's tasks in its home country, showcase tasks included", () => {
    expect(regionBreaks(tasks)).toEqual([]);
    // Generated at other hours, the task pinned "in progress" lands in other time zones.
    for (let hour = 0; hour < 24; hour += 3) {
      const at = new Date(anchor.getTime() + hour * 3_600_000);
      expect(regionBreaks(generate(11, 3_000, at)), `anchor + ${hour} h`).toEqual([]);
    }
  });

  it("never gives a vehicle the same task type twice within that type's minimum interval", () => {
    expect(repeatsTooSoon(tasks)).toEqual([]);
    expect(repeatsTooSoon(generate(5, 60_000))).toEqual([]);
  });

  it("still services most vehicles more than once in the window", () => {
    const counts = [...byVehicle(tasks).values()].map((own) => own.length);
    expect(Math.min(...counts)).toBeGreaterThan(5);
  });
});
