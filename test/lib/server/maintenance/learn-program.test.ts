// Programs learned from gaps between a vehicle's jobs of one type: the interval in days, miles or
// both that the gaps keep to, or none when they keep to nothing or are too few to tell.
import { describe, expect, it } from "vitest";
import { learnProgram, type Gap } from "@/lib/server/maintenance";
import { Rng } from "@/platform/prng";

const rng = new Rng(7);

/** Gaps of vehicles driving 20 to 120 miles a day, done at 85% to 103% of "days or miles, whichever first". */
function scheduled(count: number, days: number | null, miles: number | null): Gap[] {
  return Array.from({ length: count }, (_, index) => {
    const perDay = rng.between(20, 120);
    const every = Math.min(days ?? Infinity, miles === null ? Infinity : miles / perDay);
    const gapDays = every * rng.between(0.85, 1.03);
    return { vehicleId: `veh_${index % 40}`, days: gapDays, miles: gapDays * perDay };
  });
}

function irregular(count: number): Gap[] {
  return Array.from({ length: count }, (_, index) => {
    const gapDays = rng.between(2, 120);
    return { vehicleId: `veh_${index}`, days: gapDays, miles: gapDays * rng.between(20, 120) };
  });
}

describe("learnProgram", () => {
  it("finds a days-only program, with its sample", () => {
    const program = learnProgram(scheduled(400, 60, null));
    expect(program).toMatchObject({ interval_miles: null, sample: { gaps: 400, vehicles: 40 } });
    expect(program!.interval_days).toBeGreaterThanOrEqual(57);
    expect(program!.interval_days).toBeLessThanOrEqual(62);
    expect(program!.sample.on_interval_share).toBeGreaterThan(0.9);
  });

  it("finds days and miles when each binds for part of the fleet", () => {
    const program = learnProgram(scheduled(600, 90, 5_000));
    expect(program!.interval_days! / 90).toBeGreaterThan(0.93);
    expect(program!.interval_days! / 90).toBeLessThan(1.04);
    expect(program!.interval_miles! / 5_000).toBeGreaterThan(0.93);
    expect(program!.interval_miles! / 5_000).toBeLessThan(1.04);
  });

  it("finds a miles-only program", () => {
    const program = learnProgram(scheduled(400, null, 7_500));
    expect(program).toMatchObject({ interval_days: null });
    expect(program!.interval_miles! / 7_500).toBeGreaterThan(0.93);
  });

  it("learns nothing from irregular jobs or from too few", () => {
    expect(learnProgram(irregular(800))).toBeNull();
    expect(learnProgram(scheduled(29, 60, null))).toBeNull();
    expect(learnProgram(scheduled(30, 60, null))).not.toBeNull();
  });

  it("keeps a program through a few late jobs", () => {
    const gaps = scheduled(300, 60, null);
    for (const gap of gaps.slice(0, 20)) gap.days *= 1.3;
    expect(learnProgram(gaps)!.interval_days).toBeLessThanOrEqual(62);
  });
});
