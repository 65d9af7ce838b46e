// The first few tasks of every sandbox are pinned so that even a 10-task sandbox shows each status,
// an in-progress job and several tasks sharing one start time (which exercises cursor tie-breaks).
// Ids are permuted, so these tasks do not stand out by position in any listing. Pinned tasks stay
// in their vehicle's home region like any other.

import type { Vehicle } from "./fleet";
import { MINUTE_MS, type LocalDayOffsets } from "./local-time";
import { Rng, at, hash32 } from "../../../platform/prng";
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
  /** The fleet index of the vehicle in progress; it trades places with vehicle IN_PROGRESS_INDEX. */
  recentVehicle: number;
  recentLocation: number;
  recentStart: number;
}

export interface ShowcaseInput {
  key: number;
  window: TimeWindow;
  zones: readonly LocalDayOffsets[];
  /** The batch vehicles (the first BATCH_SIZE) share the first one's home. */
  fleet: readonly Vehicle[];
  /** Branch indices of each branch's home region. */
  regions: readonly (readonly number[])[];
}

export function planShowcase({ key, window, zones, fleet, regions }: ShowcaseInput): Showcase {
  const rng = new Rng(hash32(key, 9_001));
  const batchLocation = fleet.length > 0 ? at(fleet, 0).homeIndex : 0;
  const batchStart = futureSlot(rng, at(zones, batchLocation), window);
  // Which branches were open during the last three hours; with branches from Honolulu to Tokyo
  // some always are. The in-progress job goes to the first vehicle (after the batch) homed in a
  // region with one of them, at its home branch when that is open.
  const open = zones.map((zone) => recentStart(rng, zone, window));
  for (let vehicle = IN_PROGRESS_INDEX; vehicle < fleet.length; vehicle++) {
    const home = at(fleet, vehicle).homeIndex;
    const location = [home, ...at(regions, home)].find((branch) => open[branch] != null);
    const start = location === undefined ? null : open[location];
    if (location !== undefined && start != null) {
      return {
        batchLocation,
        batchStart,
        recentVehicle: vehicle,
        recentLocation: location,
        recentStart: start,
      };
    }
  }
  // A small fleet homed only where every branch is closed: the last minute before its home closed.
  const recentVehicle = IN_PROGRESS_INDEX;
  const recentLocation = fleet.length > recentVehicle ? at(fleet, recentVehicle).homeIndex : 0;
  const zone = at(zones, recentLocation);
  let day = zone.localDayOf(window.anchorMs);
  while (zone.toUtc(day, (CLOSE_MINUTE - 1) * MINUTE_MS) >= window.anchorMs) day -= 1;
  const lastMinute = zone.toUtc(day, (CLOSE_MINUTE - 1) * MINUTE_MS);
  return { batchLocation, batchStart, recentVehicle, recentLocation, recentStart: lastMinute };
}
