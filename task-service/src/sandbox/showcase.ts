// The first few tasks of every sandbox are pinned so that even a 10-task sandbox shows each status,
// an in-progress job and several tasks sharing one start time (which exercises cursor tie-breaks).
// Ids are permuted, so these tasks do not stand out by position in any listing.

import { MINUTE_MS, type LocalDayOffsets } from "./local-time";
import { Rng, at, hash32 } from "./prng";
import { CLOSE_MINUTE, futureSlot, recentStart, type TimeWindow } from "./task-times";

/** Tasks 0..BATCH_SIZE-1: one booking of several vehicles at the same branch and quarter hour. */
export const BATCH_SIZE = 3;
/** Task started shortly before the anchor and still in progress. */
export const IN_PROGRESS_INDEX = 3;
/** Past tasks with a pinned outcome. */
export const COMPLETED_INDEX = 4;
export const CANCELLED_INDEX = 5;
export const PINNED_COUNT = 6;

export interface Showcase {
  batchLocation: number;
  batchStart: number;
  recentLocation: number;
  recentStart: number;
}

export function planShowcase(
  key: number,
  window: TimeWindow,
  zones: readonly LocalDayOffsets[],
  batchLocation: number,
): Showcase {
  const rng = new Rng(hash32(key, 9_001));
  const batchStart = futureSlot(rng, at(zones, batchLocation), window);
  // Try branches from a seeded starting point until one was open during the last three hours; with
  // branches from Honolulu to Tokyo one always is.
  const first = rng.int(zones.length);
  for (let step = 0; step < zones.length; step++) {
    const location = (first + step) % zones.length;
    const start = recentStart(rng, at(zones, location), window);
    if (start !== null) return { batchLocation, batchStart, recentLocation: location, recentStart: start };
  }
  // Fallback for a catalogue without round-the-clock coverage: the last minute before closing.
  const zone = at(zones, first);
  let day = zone.localDayOf(window.anchorMs);
  while (zone.toUtc(day, (CLOSE_MINUTE - 1) * MINUTE_MS) >= window.anchorMs) day -= 1;
  const start = zone.toUtc(day, (CLOSE_MINUTE - 1) * MINUTE_MS);
  return { batchLocation, batchStart, recentLocation: first, recentStart: start };
}
