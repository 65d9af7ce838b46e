import { describe, expect, it } from "vitest";
import { DAY_MS } from "@/contract/query/day";
import { horizonAt, sliceStarts } from "@/lib/server/mirror/sync/slices";
import { DEFAULT_HEAT, nextDueInMs, planNextWalk, type SliceState } from "@/lib/server/mirror/sync/plan";

// Which slice the syncer walks next, decided from the slices' state and the clock alone.

const NOW = Date.UTC(2026, 2, 10, 15, 30);
const TODAY = Date.UTC(2026, 2, 10);
const HOUR = 3_600_000;

function slices(fromDay: number, toDay: number, asOf?: (start: number) => number | undefined): SliceState[] {
  const list: SliceState[] = [];
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
    const starts = sliceStarts(horizon);
    expect(starts).toHaveLength(211);
    expect(starts[0]).toBe(day(-180));
    expect(starts.at(-1)).toBe(day(30));
  });

  it("moves with time: a day later it has dropped a day behind and added one ahead", () => {
    expect(horizonAt(NOW + DAY_MS, 180, 30)).toEqual({ from: day(-179), to: day(32) });
  });
});

describe("the sync planner", () => {
  it("fills cold slices first, newest first, several days in one walk", () => {
    const walk = planNextWalk(slices(-180, 31), NOW, DEFAULT_HEAT);
    expect(walk).toMatchObject({ from: day(-2) - DEFAULT_HEAT.coldWalkMs, to: day(-2) });
  });

  it("never walks longer than the service's longest window, however long a cold or spare walk may be", () => {
    const heat = { ...DEFAULT_HEAT, walkMs: 7 * DAY_MS };
    expect(planNextWalk(slices(-180, 31), NOW, heat)).toMatchObject({ from: day(-9), to: day(-2) });
    // Hot slices fresh, cold ones walked hours ago and not yet due (day -120 the longest ago): a
    // spare walk from there.
    const asOf = (start: number) =>
      start >= day(-2) ? NOW - 60_000 : start === day(-120) ? NOW - 5 * HOUR : NOW - 3 * HOUR;
    const spare = planNextWalk(slices(-180, 31, asOf), NOW, { ...heat, spareWalkMs: 30 * DAY_MS });
    expect(spare).toMatchObject({ from: day(-120), to: day(-113) });
  });

  it("fills the hot slices (the last 48 h and the days ahead) last, in one walk", () => {
    const coldSynced = (start: number) => (start < day(-2) ? NOW - 10_000 : undefined);
    const walk = planNextWalk(slices(-180, 31, coldSynced), NOW, DEFAULT_HEAT);
    expect(walk).toMatchObject({ from: day(-2), to: day(31) });
    expect(walk!.slices).toHaveLength(33);
  });

  it("ends a first fill with the hot slices fresh: its last walk is theirs (simulated clock)", () => {
    // Each walk takes a second per slice: the hot walk (33 slices) is the fill's last.
    const all = slices(-180, 31);
    let now = NOW;
    const walks: { from: number; startedAt: number }[] = [];
    for (let walk = planNextWalk(all, now, DEFAULT_HEAT, NOW); all.some((w) => w.asOf === undefined);) {
      expect(walk, "a slice is never synced, yet nothing is planned").toBeDefined();
      walks.push({ from: walk!.from, startedAt: now });
      for (const w of walk!.slices) w.asOf = now;
      now += walk!.slices.length * 1_000;
      walk = planNextWalk(all, now, DEFAULT_HEAT, NOW);
    }
    expect(walks.at(-1)!.from).toBe(day(-2));
    expect(walks.filter((walk) => walk.from === day(-2))).toHaveLength(1);
    const hotAsOf = all.filter((w) => w.startsAt >= day(-2)).map((w) => w.asOf!);
    expect(Math.min(...hotAsOf)).toBe(walks.at(-1)!.startedAt);
    expect(now - Math.min(...hotAsOf)).toBe(33_000);
  });

  it("walks the hot slices before a fill whose cold walk keeps failing ends, but not at once (simulated clock)", () => {
    // The syncer retries a failed step after 10 s; every cold walk fails, a hot one would succeed.
    const all = slices(-180, 31);
    let now = NOW;
    let hotWalkedAt: number | undefined;
    while (hotWalkedAt === undefined && now < NOW + 24 * HOUR) {
      const walk = planNextWalk(all, now, DEFAULT_HEAT, NOW);
      if (walk && walk.from >= day(-2)) {
        hotWalkedAt = now;
        for (const w of walk.slices) w.asOf = now;
      }
      now += 10_000;
    }
    expect(hotWalkedAt, "the hot slices were never walked").toBeDefined();
    expect(hotWalkedAt! - NOW).toBeGreaterThanOrEqual(DEFAULT_HEAT.hotWaitsForFillMs);
    expect(hotWalkedAt! - NOW).toBeLessThan(DEFAULT_HEAT.hotWaitsForFillMs + 10_000);
    // Walked once, they are refreshed in the fill's own period, while the fill goes on.
    expect(planNextWalk(all, hotWalkedAt! + 10_000, DEFAULT_HEAT, NOW)!.to).toBe(day(-2));
  });

  it("walks the hot slices during a fill that runs for hours on idle budget (simulated clock)", () => {
    // One cold day per two minutes: the fill would take six hours.
    const all = slices(-180, 31);
    let now = NOW;
    let hotWalkedAt: number | undefined;
    while (hotWalkedAt === undefined && all.some((w) => w.asOf === undefined)) {
      const walk = planNextWalk(all, now, DEFAULT_HEAT, NOW);
      expect(walk, "a slice is never synced, yet nothing is planned").toBeDefined();
      if (walk!.from >= day(-2)) hotWalkedAt = now;
      for (const w of walk!.slices) w.asOf = now;
      now += walk!.slices.length * 2 * 60_000;
    }
    // The first cold walk (30 days, an hour) ran past the wait; the hot slices come right after it.
    expect(hotWalkedAt).toBe(NOW + 30 * 2 * 60_000);
    expect(all.filter((w) => w.asOf === undefined).length).toBeGreaterThan(100);
  });

  it("walks a hot slice someone looks at during the fill at once, and only that one", () => {
    const all = slices(-180, 31);
    const today = all.find((w) => w.startsAt === day(0))!;
    today.viewedAt = NOW - 1_000;
    expect(planNextWalk(all, NOW, DEFAULT_HEAT)).toMatchObject({ from: day(0), to: day(1) });
  });

  it("while the first fill runs, fills on before it refreshes hot slices, within a longer period", () => {
    // Hot slices synced two minutes ago, cold ones never: the fill goes on (every call full).
    const hotTwoMinutesOld = (start: number) => (start >= day(-2) ? NOW - 2 * 60_000 : undefined);
    expect(planNextWalk(slices(-180, 31, hotTwoMinutesOld), NOW, DEFAULT_HEAT)!.to).toBe(day(-2));
    // A long fill still refreshes them once they are older than the fill's own hot period.
    const hotStale = (start: number) =>
      start >= day(-2) ? NOW - DEFAULT_HEAT.hotRefreshWhileFillingMs : undefined;
    expect(planNextWalk(slices(-180, 31, hotStale), NOW, DEFAULT_HEAT)).toMatchObject({ from: day(-2) });
  });

  it("puts a slice someone is looking at before everything else", () => {
    const all = slices(-180, 31);
    const viewed = all.find((w) => w.startsAt === day(-100))!;
    viewed.viewedAt = NOW - 1_000;
    const walk = planNextWalk(all, NOW, DEFAULT_HEAT);
    expect(walk!.from).toBe(day(-100));
  });

  it("refreshes the days someone looks at in one walk, not a walk per day", () => {
    // The last 30 days, synced by one walk 6 minutes ago and looked at since; hot ones fresh.
    const asOf = (start: number) => (start >= day(-2) ? NOW - 30_000 : NOW - 6 * 60_000);
    const all = slices(-180, 31, asOf);
    for (const w of all) if (w.startsAt >= day(-30) && w.startsAt < day(0)) w.viewedAt = NOW - 60_000;
    expect(planNextWalk(all, NOW, DEFAULT_HEAT)).toMatchObject({ from: day(-30), to: day(-2) });
  });

  it("refreshes hot slices often and cold ones rarely", () => {
    const fresh = (age: number) => () => NOW - age;
    // Everything synced a minute ago: nothing is due; hot slices fall due within the hot period.
    expect(planNextWalk(slices(-180, 31, fresh(60_000)), NOW, DEFAULT_HEAT)).toBeUndefined();
    expect(nextDueInMs(slices(-180, 31, fresh(60_000)), NOW, DEFAULT_HEAT)).toBe(
      DEFAULT_HEAT.hotRefreshMs - 60_000,
    );
    // Two minutes old: the hot slices are due, the cold ones are not.
    const walk = planNextWalk(slices(-180, 31, fresh(2 * 60_000)), NOW, DEFAULT_HEAT);
    expect(walk).toMatchObject({ from: day(-2), to: day(31) });
    // Older than the cold period: the cold ones are due too (after the hot ones).
    const old = slices(-180, 31, (start) =>
      start >= day(-2) ? NOW : NOW - DEFAULT_HEAT.coldRefreshMs - HOUR,
    );
    expect(planNextWalk(old, NOW, DEFAULT_HEAT)!.to).toBe(day(-2));
  });

  it("refreshes the stalest cold slice first once all are synced", () => {
    const asOf = (start: number) =>
      start >= day(-2) ? NOW : start === day(-50) ? NOW - 30 * HOUR : NOW - 7 * HOUR;
    const walk = planNextWalk(slices(-180, 31, asOf), NOW, DEFAULT_HEAT);
    expect(walk!.to).toBe(day(-49));
  });

  it("spends calls nothing is due for on the oldest slices, in short walks, never on fresh ones", () => {
    // Hot slices fresh; cold ones walked 5 to 3 hours ago, day -120 the longest ago.
    const asOf = (start: number) =>
      start >= day(-2) ? NOW - 60_000 : start === day(-120) ? NOW - 5 * HOUR : NOW - 3 * HOUR;
    const walk = planNextWalk(slices(-180, 31, asOf), NOW, DEFAULT_HEAT);
    expect(walk).toMatchObject({ from: day(-120), to: day(-120) + DEFAULT_HEAT.spareWalkMs });
    // Nothing older than the spare age: no walk, and the pause ends when the first becomes so.
    const fresh = slices(-180, 31, () => NOW - 60_000);
    expect(
      planNextWalk(fresh, NOW, { ...DEFAULT_HEAT, hotRefreshMs: DEFAULT_HEAT.coldRefreshMs }),
    ).toBeUndefined();
    expect(nextDueInMs(fresh, NOW, { ...DEFAULT_HEAT, hotRefreshMs: DEFAULT_HEAT.coldRefreshMs })).toBe(
      DEFAULT_HEAT.spareAfterMs - 60_000,
    );
  });
});
