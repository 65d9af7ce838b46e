import { describe, expect, it } from "vitest";
import { DAY_MS, horizonAt, windowStarts } from "@/lib/server/mirror/sync/horizon";
import { DEFAULT_HEAT, nextDueInMs, planNextWalk, type WindowState } from "@/lib/server/mirror/sync/plan";

// Which window the syncer walks next, decided from the windows' state and the clock alone.

const NOW = Date.UTC(2026, 2, 10, 15, 30);
const TODAY = Date.UTC(2026, 2, 10);
const HOUR = 3_600_000;

function windows(
  fromDay: number,
  toDay: number,
  asOf?: (start: number) => number | undefined,
): WindowState[] {
  const list: WindowState[] = [];
  for (let day = fromDay; day < toDay; day++) {
    const startsAt = TODAY + day * DAY_MS;
    list.push({ startsAt, endsAt: startsAt + DAY_MS, asOf: asOf?.(startsAt), viewedAt: undefined });
  }
  return list;
}

const day = (offset: number) => TODAY + offset * DAY_MS;

describe("the horizon", () => {
  it("covers [now - back, now + ahead) in whole UTC days", () => {
    const horizon = horizonAt(NOW, 180, 30);
    expect(horizon).toEqual({ from: day(-180), to: day(31) });
    const starts = windowStarts(horizon);
    expect(starts).toHaveLength(211);
    expect(starts[0]).toBe(day(-180));
    expect(starts.at(-1)).toBe(day(30));
  });

  it("moves with time: a day later it has dropped a day behind and added one ahead", () => {
    expect(horizonAt(NOW + DAY_MS, 180, 30)).toEqual({ from: day(-179), to: day(32) });
  });
});

describe("the sync planner", () => {
  it("fills the hot windows first (the last 48 h and the days ahead) in one walk", () => {
    const walk = planNextWalk(windows(-180, 31), NOW, DEFAULT_HEAT);
    expect(walk).toMatchObject({ from: day(-2), to: day(31) });
    expect(walk!.windows).toHaveLength(33);
  });

  it("then fills cold windows newest first, several days in one walk", () => {
    const synced = (start: number) => (start >= day(-2) ? NOW - 10_000 : undefined);
    const walk = planNextWalk(windows(-180, 31, synced), NOW, DEFAULT_HEAT);
    expect(walk).toMatchObject({ from: day(-2) - DEFAULT_HEAT.coldWalkMs, to: day(-2) });
  });

  it("puts a window someone is looking at before everything else", () => {
    const all = windows(-180, 31);
    const viewed = all.find((w) => w.startsAt === day(-100))!;
    viewed.viewedAt = NOW - 1_000;
    const walk = planNextWalk(all, NOW, DEFAULT_HEAT);
    expect(walk!.from).toBe(day(-100));
  });

  it("refreshes hot windows often and cold ones rarely", () => {
    const fresh = (age: number) => () => NOW - age;
    // Everything synced a minute ago: nothing is due; hot windows fall due within the hot period.
    expect(planNextWalk(windows(-180, 31, fresh(60_000)), NOW, DEFAULT_HEAT)).toBeUndefined();
    expect(nextDueInMs(windows(-180, 31, fresh(60_000)), NOW, DEFAULT_HEAT)).toBe(
      DEFAULT_HEAT.hotRefreshMs - 60_000,
    );
    // Two minutes old: the hot windows are due, the cold ones are not.
    const walk = planNextWalk(windows(-180, 31, fresh(2 * 60_000)), NOW, DEFAULT_HEAT);
    expect(walk).toMatchObject({ from: day(-2), to: day(31) });
    // Older than the cold period: the cold ones are due too (after the hot ones).
    const old = windows(-180, 31, (start) =>
      start >= day(-2) ? NOW : NOW - DEFAULT_HEAT.coldRefreshMs - HOUR,
    );
    expect(planNextWalk(old, NOW, DEFAULT_HEAT)!.to).toBe(day(-2));
  });

  it("refreshes the stalest cold window first once all are synced", () => {
    const asOf = (start: number) =>
      start >= day(-2) ? NOW : start === day(-50) ? NOW - 30 * HOUR : NOW - 7 * HOUR;
    const walk = planNextWalk(windows(-180, 31, asOf), NOW, DEFAULT_HEAT);
    expect(walk!.to).toBe(day(-49));
  });
});
