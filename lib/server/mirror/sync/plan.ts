import "server-only";

// Which windows the syncer walks next: a pure function of the windows' state and the clock.
//
// Heat: windows whose tasks still change (the last 48 h and every day ahead) are refreshed every
// `hotRefreshMs`; windows someone looked at recently every `viewedRefreshMs` and before anything
// else; the rest every `coldRefreshMs`. A walk spans every due window in a row (up to a cap), not
// one window: a day of the default sandbox holds ~240 tasks, so a walk per day would fill each
// 500-row call only half; a run of days fills every call but the last (docs/operators-guide.md).
//
// The first fill walks the hot windows last (unless someone looks at them): walked first, they
// were a fill's length old when it ended, and their refresh, due at once, then waited for budget
// the fill had spent (bench:bff: up to 240 s old under load). Last, the fill ends with them fresh
// and costs no call more. But they wait for the fill only so long (`hotWaitsForFillMs`): a fill
// that runs for hours on idle budget, or a cold walk that fails and is retried every 10 s, must not
// keep today and the days ahead out of the mirror.

export interface WindowState {
  startsAt: number;
  endsAt: number;
  /** When the walk that last applied the window began; undefined: never synced. */
  asOf: number | undefined;
  viewedAt: number | undefined;
}

export interface HeatSettings {
  /** How far back from now a window counts as hot (statuses still change). */
  hotSpanMs: number;
  hotRefreshMs: number;
  /**
   * Hot refresh while some window was never synced (the first fill): a refresh then would take a
   * call from the fill, which is what people wait for (measured: 0.81 of the fill ceiling with
   * the hot period, 1.05 without it; bench:mirror).
   */
  hotRefreshWhileFillingMs: number;
  /**
   * How long never-synced hot windows wait for never-synced cold ones, from the fill's start. A
   * normal fill ends well within it (about 4 minutes for 50,000 tasks; bench:bff).
   */
  hotWaitsForFillMs: number;
  viewedRefreshMs: number;
  /** How long a view keeps its window in front. */
  viewedForMs: number;
  coldRefreshMs: number;
  /** Longest hot or viewed walk: the service's longest window (VTS_MAX_WINDOW_DAYS). */
  walkMs: number;
  /** Longest cold walk: short enough that hot windows never wait long behind one. */
  coldWalkMs: number;
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
};

export interface PlannedWalk {
  from: number;
  to: number;
  /** Consecutive, in time order; together exactly [from, to). */
  windows: WindowState[];
}

const isHot = (w: WindowState, now: number, heat: HeatSettings) => w.endsAt > now - heat.hotSpanMs;
const isViewed = (w: WindowState, now: number, heat: HeatSettings) =>
  w.viewedAt !== undefined && now - w.viewedAt < heat.viewedForMs;

function refreshMs(w: WindowState, now: number, heat: HeatSettings, filling: boolean): number {
  if (isHot(w, now, heat)) return filling ? heat.hotRefreshWhileFillingMs : heat.hotRefreshMs;
  return isViewed(w, now, heat) ? heat.viewedRefreshMs : heat.coldRefreshMs;
}

interface FillState {
  /** Some window was never synced: the first fill (or a new day ahead) is under way. */
  filling: boolean;
  /** Until when never-synced hot windows wait (0: they do not), while some cold one is unsynced. */
  hotWaitsUntil: number;
}

function fillState(
  windows: readonly WindowState[],
  now: number,
  heat: HeatSettings,
  fillStartedAt: number,
): FillState {
  const unsynced = windows.filter((w) => w.asOf === undefined);
  const coldLeft = unsynced.some((w) => !isHot(w, now, heat));
  return {
    filling: unsynced.length > 0,
    hotWaitsUntil: coldLeft ? fillStartedAt + heat.hotWaitsForFillMs : 0,
  };
}

function dueInMs(w: WindowState, now: number, heat: HeatSettings, fill: FillState): number {
  if (w.asOf === undefined)
    return isHot(w, now, heat) && !isViewed(w, now, heat) ? Math.max(0, fill.hotWaitsUntil - now) : 0;
  return Math.max(0, w.asOf + refreshMs(w, now, heat, fill.filling) - now);
}

/**
 * Undefined when no window is due. `windows` in time order. `fillStartedAt`: when the caller first
 * found a window never synced, in this fill (undefined: now, the fill just began).
 */
export function planNextWalk(
  windows: readonly WindowState[],
  now: number,
  heat: HeatSettings,
  fillStartedAt: number = now,
): PlannedWalk | undefined {
  const fill = fillState(windows, now, heat, fillStartedAt);
  const due = (w: WindowState) => dueInMs(w, now, heat, fill) === 0;
  // Stalest first; among equals the newest, which people are likelier to look at.
  const byAge = (a: WindowState, b: WindowState) =>
    (a.asOf ?? -Infinity) - (b.asOf ?? -Infinity) || b.startsAt - a.startsAt;
  const viewed = windows.filter((w) => due(w) && isViewed(w, now, heat)).sort(byAge)[0];
  if (viewed) {
    // From the first viewed window due in a row before it: windows walked together fall due
    // together, and the newest-first pick alone would walk them a day (half a call) at a time.
    const dueViewed = (w: WindowState) => due(w) && isViewed(w, now, heat);
    const first = extendBackward(windows, viewed, dueViewed, heat.walkMs).windows[0]!;
    return extendForward(windows, first, due, heat.walkMs);
  }
  const hot = windows.find((w) => due(w) && isHot(w, now, heat));
  // The rest of the hot windows ride along even if not yet due: they stay in one phase.
  if (hot) return extendForward(windows, hot, (w) => due(w) || isHot(w, now, heat), heat.walkMs);
  const cold = windows.filter(due);
  const unsynced = cold.filter((w) => w.asOf === undefined).at(-1);
  const start = unsynced ?? cold.sort(byAge)[0];
  return start && extendBackward(windows, start, due, heat.coldWalkMs);
}

/** Ms until some window falls due (0: one is due now). */
export function nextDueInMs(
  windows: readonly WindowState[],
  now: number,
  heat: HeatSettings,
  fillStartedAt: number = now,
): number {
  const fill = fillState(windows, now, heat, fillStartedAt);
  return Math.min(Number.POSITIVE_INFINITY, ...windows.map((w) => dueInMs(w, now, heat, fill)));
}

function extendForward(
  windows: readonly WindowState[],
  first: WindowState,
  include: (w: WindowState) => boolean,
  maxMs: number,
): PlannedWalk {
  const taken = [first];
  for (let i = windows.indexOf(first) + 1; i < windows.length; i++) {
    const next = windows[i]!;
    if (!include(next) || next.startsAt !== taken.at(-1)!.endsAt || next.endsAt - first.startsAt > maxMs)
      break;
    taken.push(next);
  }
  return { from: first.startsAt, to: taken.at(-1)!.endsAt, windows: taken };
}

function extendBackward(
  windows: readonly WindowState[],
  last: WindowState,
  include: (w: WindowState) => boolean,
  maxMs: number,
): PlannedWalk {
  const taken = [last];
  for (let i = windows.indexOf(last) - 1; i >= 0; i--) {
    const previous = windows[i]!;
    if (
      !include(previous) ||
      previous.endsAt !== taken[0]!.startsAt ||
      last.endsAt - previous.startsAt > maxMs
    )
      break;
    taken.unshift(previous);
  }
  return { from: taken[0]!.startsAt, to: last.endsAt, windows: taken };
}
