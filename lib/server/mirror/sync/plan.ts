import "server-only";

// Which slices the syncer walks next: a pure function of the slices' state and the clock.
//
// Heat: slices whose tasks still change (the last 48 h and every day ahead) are refreshed every
// `hotRefreshMs`; slices someone looked at recently every `viewedRefreshMs` and before anything
// else; the rest every `coldRefreshMs`. When nothing is due, the budget's spare calls go to the
// slices whose as_of is oldest (spare walks), so a correction on any day is seen within one pass
// over the horizon (minutes for the sandbox) rather than the cold period: calls not spent in a
// minute are lost. The budget gives sync only what people leave (its lowest priority). A walk spans every due slice in a row (up to a cap), not
// one slice: a day of the default sandbox holds ~240 tasks, so a walk per day would fill each
// 500-row call only half; a run of days fills every call but the last (docs/operators-guide.md).
//
// The first fill walks the hot slices last (unless someone looks at them): walked first, they
// were a fill's length old when it ended, and their refresh, due at once, then waited for budget
// the fill had spent, minutes under load (bench:bff shows it). Last, the fill ends with them fresh
// and costs no call more. But they wait for the fill only so long (`hotWaitsForFillMs`): a fill
// that runs for hours on idle budget, or a cold walk that fails and is retried every 10 s, must not
// keep today and the days ahead out of the mirror.

export interface SliceState {
  startsAt: number;
  endsAt: number;
  /** When the walk that last applied the slice began; undefined: never synced. */
  asOf: number | undefined;
  viewedAt: number | undefined;
}

export interface HeatSettings {
  /** How far back from now a slice counts as hot (statuses still change). */
  hotSpanMs: number;
  hotRefreshMs: number;
  /**
   * Hot refresh while some slice was never synced (the first fill): a refresh then would take a
   * call from the fill, which is what people wait for; the longer period keeps the fill near the
   * pace the budget allows (bench:mirror measures both).
   */
  hotRefreshWhileFillingMs: number;
  /**
   * How long never-synced hot slices wait for never-synced cold ones, from the fill's start. A
   * normal fill of the sandbox ends well within it (bench:bff times one).
   */
  hotWaitsForFillMs: number;
  viewedRefreshMs: number;
  /** How long a view keeps its slice in front. */
  viewedForMs: number;
  coldRefreshMs: number;
  /**
   * Longest walk of any kind: the service's longest query window (VTS_MAX_WINDOW_DAYS), which
   * refuses a longer one. The cold and spare walks' own lengths are cut to it.
   */
  walkMs: number;
  /** Longest cold walk: short enough that hot slices never wait long behind one. */
  coldWalkMs: number;
  /** A slice walked this recently is not walked again with spare calls. */
  spareAfterMs: number;
  /** Longest spare walk: short, so a slice falling due waits a few calls at most behind one. */
  spareWalkMs: number;
  /**
   * While the service's change feed keeps a slice (feed.ts), how long until it is walked again
   * anyway, for what a feed cannot show (a deleted task).
   */
  feedSafetyNetMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const DEFAULT_HEAT: HeatSettings = {
  hotSpanMs: 2 * DAY,
  hotRefreshMs: 90_000,
  hotRefreshWhileFillingMs: 5 * MINUTE,
  hotWaitsForFillMs: 10 * MINUTE,
  viewedRefreshMs: 5 * MINUTE,
  viewedForMs: 10 * MINUTE,
  coldRefreshMs: 6 * 60 * MINUTE,
  walkMs: 92 * DAY,
  coldWalkMs: 30 * DAY,
  spareAfterMs: 2 * MINUTE,
  spareWalkMs: 2 * DAY,
  feedSafetyNetMs: 6 * 60 * MINUTE,
};

export interface PlannedWalk {
  from: number;
  to: number;
  /** Consecutive, in time order; together exactly [from, to). */
  slices: SliceState[];
}

const isHot = (s: SliceState, now: number, heat: HeatSettings) => s.endsAt > now - heat.hotSpanMs;
const isViewed = (s: SliceState, now: number, heat: HeatSettings) =>
  s.viewedAt !== undefined && now - s.viewedAt < heat.viewedForMs;

function refreshMs(s: SliceState, now: number, heat: HeatSettings, filling: boolean): number {
  if (isHot(s, now, heat)) return filling ? heat.hotRefreshWhileFillingMs : heat.hotRefreshMs;
  return isViewed(s, now, heat) ? heat.viewedRefreshMs : heat.coldRefreshMs;
}

interface FillState {
  /** Some slice was never synced: the first fill (or a new day ahead) is under way. */
  filling: boolean;
  /** Until when never-synced hot slices wait (0: they do not), while some cold one is unsynced. */
  hotWaitsUntil: number;
}

function fillState(
  slices: readonly SliceState[],
  now: number,
  heat: HeatSettings,
  fillStartedAt: number,
): FillState {
  const unsynced = slices.filter((s) => s.asOf === undefined);
  const coldLeft = unsynced.some((s) => !isHot(s, now, heat));
  return {
    filling: unsynced.length > 0,
    hotWaitsUntil: coldLeft ? fillStartedAt + heat.hotWaitsForFillMs : 0,
  };
}

function dueInMs(s: SliceState, now: number, heat: HeatSettings, fill: FillState): number {
  if (s.asOf === undefined)
    return isHot(s, now, heat) && !isViewed(s, now, heat) ? Math.max(0, fill.hotWaitsUntil - now) : 0;
  return Math.max(0, s.asOf + refreshMs(s, now, heat, fill.filling) - now);
}

const spare = (s: SliceState, now: number, heat: HeatSettings) =>
  s.asOf !== undefined && now - s.asOf >= heat.spareAfterMs;

/**
 * Undefined when no slice is due and none is old enough for a spare walk. `slices` in time order. `fillStartedAt`: when the caller first
 * found a slice never synced, in this fill (undefined: now, the fill just began).
 */
export function planNextWalk(
  slices: readonly SliceState[],
  now: number,
  heat: HeatSettings,
  fillStartedAt: number = now,
): PlannedWalk | undefined {
  const fill = fillState(slices, now, heat, fillStartedAt);
  const due = (s: SliceState) => dueInMs(s, now, heat, fill) === 0;
  // Stalest first; among equals the newest, which people are likelier to look at.
  const byAge = (a: SliceState, b: SliceState) =>
    (a.asOf ?? -Infinity) - (b.asOf ?? -Infinity) || b.startsAt - a.startsAt;
  const viewed = slices.filter((s) => due(s) && isViewed(s, now, heat)).sort(byAge)[0];
  if (viewed) {
    // From the first viewed slice due in a row before it: slices walked together fall due
    // together, and the newest-first pick alone would walk them a day (half a call) at a time.
    const dueViewed = (s: SliceState) => due(s) && isViewed(s, now, heat);
    const first = extendBackward(slices, viewed, dueViewed, heat.walkMs).slices[0]!;
    return extendForward(slices, first, due, heat.walkMs);
  }
  const hot = slices.find((s) => due(s) && isHot(s, now, heat));
  // The rest of the hot slices ride along even if not yet due: they stay in one phase.
  if (hot) return extendForward(slices, hot, (s) => due(s) || isHot(s, now, heat), heat.walkMs);
  const cold = slices.filter(due);
  const unsynced = cold.filter((s) => s.asOf === undefined).at(-1);
  const start = unsynced ?? cold.sort(byAge)[0];
  if (start) return extendBackward(slices, start, due, Math.min(heat.coldWalkMs, heat.walkMs));
  const oldest = slices.filter((s) => spare(s, now, heat)).sort(byAge)[0];
  const spareWalkMs = Math.min(heat.spareWalkMs, heat.walkMs);
  return oldest && extendForward(slices, oldest, (s) => spare(s, now, heat), spareWalkMs);
}

/** Ms until some slice falls due or may take a spare walk (0: now). */
export function nextDueInMs(
  slices: readonly SliceState[],
  now: number,
  heat: HeatSettings,
  fillStartedAt: number = now,
): number {
  const fill = fillState(slices, now, heat, fillStartedAt);
  const spareInMs = (s: SliceState) =>
    s.asOf === undefined ? Number.POSITIVE_INFINITY : Math.max(0, s.asOf + heat.spareAfterMs - now);
  return Math.min(
    Number.POSITIVE_INFINITY,
    ...slices.map((s) => Math.min(dueInMs(s, now, heat, fill), spareInMs(s))),
  );
}

function extendForward(
  slices: readonly SliceState[],
  first: SliceState,
  include: (s: SliceState) => boolean,
  maxMs: number,
): PlannedWalk {
  const taken = [first];
  for (let i = slices.indexOf(first) + 1; i < slices.length; i++) {
    const next = slices[i]!;
    if (!include(next) || next.startsAt !== taken.at(-1)!.endsAt || next.endsAt - first.startsAt > maxMs)
      break;
    taken.push(next);
  }
  return { from: first.startsAt, to: taken.at(-1)!.endsAt, slices: taken };
}

function extendBackward(
  slices: readonly SliceState[],
  last: SliceState,
  include: (s: SliceState) => boolean,
  maxMs: number,
): PlannedWalk {
  const taken = [last];
  for (let i = slices.indexOf(last) - 1; i >= 0; i--) {
    const previous = slices[i]!;
    if (
      !include(previous) ||
      previous.endsAt !== taken[0]!.startsAt ||
      last.endsAt - previous.startsAt > maxMs
    )
      break;
    taken.unshift(previous);
  }
  return { from: taken[0]!.startsAt, to: last.endsAt, slices: taken };
}
