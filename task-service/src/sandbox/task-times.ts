// When tasks start: during a branch's local business hours, within [anchor - 180 days, anchor + 30
// days). Past tasks start at the second (and millisecond) a technician began; future tasks are
// appointments on quarter hours, so several of them share a start time.

import { DAY_MS } from "../../../contract/query/day";
import { MINUTE_MS, type LocalDayOffsets } from "./local-time";
import type { Rng } from "../../../platform/prng";

export const PAST_DAYS = 180;
export const FUTURE_DAYS = 30;
export const OPEN_MINUTE = 7 * 60;
export const CLOSE_MINUTE = 19 * 60;
const SLOT_MINUTES = 15;
const SLOTS_PER_DAY = (CLOSE_MINUTE - OPEN_MINUTE) / SLOT_MINUTES;
const ATTEMPTS = 24;

export interface TimeWindow {
  startMs: number;
  anchorMs: number;
  /** Exclusive. */
  endMs: number;
}

export function timeWindow(anchorMs: number): TimeWindow {
  return { startMs: anchorMs - PAST_DAYS * DAY_MS, anchorMs, endMs: anchorMs + FUTURE_DAYS * DAY_MS };
}

/** 0 = Sunday; day 0 (1970-01-01) was a Thursday. */
function weekday(localDay: number): number {
  return (((localDay + 4) % 7) + 7) % 7;
}

/** Branches are quieter at weekends; rejecting some weekend draws thins them out. */
function skipForWeekend(rng: Rng, localDay: number): boolean {
  const day = weekday(localDay);
  if (day === 0) return rng.chance(0.45);
  if (day === 6) return rng.chance(0.25);
  return false;
}

/** A fraction of the working day, weighted towards the morning when returned cars are serviced. */
function dayFraction(rng: Rng): number {
  const first = rng.next();
  return rng.chance(0.5) ? first : Math.min(first, rng.next());
}

/**
 * One of the zone's calendar days that overlap [from, to), drawn so that instants in that range are
 * (close to) evenly covered: the callers reject a time outside the range, and the two edge days
 * together hold one day's worth of accepted times. A day is drawn, not an instant, so the anchor
 * only matters through the days it falls on: two sandboxes generated minutes apart the same day
 * agree on every task but the rare draw between the two anchors, so the data stays deterministic
 * for a seed and size.
 */
function drawLocalDay(rng: Rng, zone: LocalDayOffsets, from: number, to: number, skew: number): number {
  const first = zone.localDayOf(from);
  const days = zone.localDayOf(to - 1) - first + 1;
  const draw = rng.next();
  return first + Math.floor((skew === 1 ? draw : draw ** skew) * days);
}

/** Start of a task that has already begun, in [window start, anchor). */
export function pastStart(rng: Rng, zone: LocalDayOffsets, window: TimeWindow): number {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const day = drawLocalDay(rng, zone, window.startMs, window.anchorMs, 1);
    if (skipForWeekend(rng, day)) continue;
    const minute = OPEN_MINUTE + dayFraction(rng) * (CLOSE_MINUTE - OPEN_MINUTE);
    const instant = zone.toUtc(day, Math.floor(minute * MINUTE_MS));
    if (instant >= window.startMs && instant < window.anchorMs) return instant;
  }
  // Unreachable in practice (each draw fails with ~2% probability); noon mid-window is always valid.
  const middle = zone.localDayOf((window.startMs + window.anchorMs) / 2);
  return zone.toUtc(middle, 12 * 60 * MINUTE_MS);
}

/** Start of an appointment on a quarter hour in [anchor, window end); fewer are booked far ahead. */
export function futureSlot(rng: Rng, zone: LocalDayOffsets, window: TimeWindow): number {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const day = drawLocalDay(rng, zone, window.anchorMs, window.endMs, 1.3);
    if (skipForWeekend(rng, day)) continue;
    const slot = Math.floor(dayFraction(rng) * SLOTS_PER_DAY);
    const instant = zone.toUtc(day, (OPEN_MINUTE + slot * SLOT_MINUTES) * MINUTE_MS);
    if (instant >= window.anchorMs && instant < window.endMs) return instant;
  }
  const middle = zone.localDayOf((window.anchorMs + window.endMs) / 2);
  return zone.toUtc(middle, 12 * 60 * MINUTE_MS);
}

/**
 * A start within the last three hours before the anchor that falls in the branch's business hours,
 * or null when the branch has been closed all that time. Used to guarantee an in-progress task.
 */
export function recentStart(rng: Rng, zone: LocalDayOffsets, window: TimeWindow): number | null {
  const day = zone.localDayOf(window.anchorMs);
  const localMinute = (window.anchorMs - zone.toUtc(day, 0)) / MINUTE_MS;
  const earliest = Math.max(OPEN_MINUTE, localMinute - 180);
  const latest = Math.min(CLOSE_MINUTE, localMinute) - 1;
  if (latest <= earliest) return null;
  const minute = earliest + rng.next() * (latest - earliest);
  return zone.toUtc(day, Math.floor(minute * MINUTE_MS));
}
