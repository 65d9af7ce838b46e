// Everything a sandbox run computes once before streaming tasks: the fleet, per-branch time zone
// caches, the id permutation and the pinned showcase tasks. Its size depends on the fleet, never on
// the number of tasks (the per-task memory of type-spacing.ts is made per stream).

import { CATALOG, type CatalogLocation } from "./location-catalog";
import { buildFleet, fleetSize, MAX_FLEET_SIZE, type Vehicle } from "./fleet";
import { DAY_MS } from "../../../contract/query/day";
import { LocalDayOffsets } from "./local-time";
import { at, hash32, seedKey } from "../../../platform/prng";
import { BATCH_SIZE, IN_PROGRESS_INDEX, planShowcase, type Showcase } from "./showcase";
import { createProgramSchedule, type ProgramSchedule } from "./service-programs";
import { createTaskIdEncoder } from "./task-ids";
import { createLocationChooser, homeRegions, homeTable, type LocationChooser } from "./task-location";
import { timeWindow, type TimeWindow } from "./task-times";

export interface SandboxOptions {
  seed: number;
  taskCount: number;
  /** The fleet's size; by default fleetSize(taskCount). */
  vehicleCount?: number | undefined;
  /** The moment of generation ("now" for the generated data). */
  anchor: Date;
}

/** Above this the fleet would outgrow the six-digit VIN serials that keep VINs unique. */
export const MAX_TASK_COUNT = 10_000_000;

export interface SandboxPlan {
  taskCount: number;
  /** Key of the per-task random streams. */
  taskKey: number;
  /** Key of the redraws of a task type the vehicle had too recently. */
  retypeKey: number;
  window: TimeWindow;
  /**
   * The UTC midnight that opens the window's first day, where each vehicle's odometer reads its
   * `baseMiles`. A day boundary rather than the window's start, so that a sandbox generated a few
   * minutes later gives the same task the same mileage.
   */
  mileageFromMs: number;
  locations: readonly CatalogLocation[];
  /** Offset caches, parallel to `locations`. */
  zones: readonly LocalDayOffsets[];
  fleet: readonly Vehicle[];
  /**
   * The vehicle of task n: slot n % fleet size, so a vehicle's tasks are n, n + size, ... (the first
   * ones use each vehicle once), with the showcase's vehicle in progress in slot IN_PROGRESS_INDEX.
   */
  vehicleOf: (index: number) => Vehicle;
  /** The fleet index of vehicleOf(index). */
  fleetIndexOf: (index: number) => number;
  /** The vehicles' maintenance programs; null when the sandbox is too small to show them. */
  programs: ProgramSchedule | null;
  chooseLocation: LocationChooser;
  taskId: (index: number) => string;
  showcase: Showcase;
}

function validate({ seed, taskCount, vehicleCount, anchor }: SandboxOptions): void {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  if (!Number.isSafeInteger(taskCount) || taskCount < 0 || taskCount > MAX_TASK_COUNT) {
    throw new RangeError(`taskCount must be an integer in 0..${MAX_TASK_COUNT}, got ${taskCount}`);
  }
  if (
    vehicleCount !== undefined &&
    (!Number.isSafeInteger(vehicleCount) || vehicleCount < 1 || vehicleCount > MAX_FLEET_SIZE)
  ) {
    throw new RangeError(`vehicleCount must be an integer in 1..${MAX_FLEET_SIZE}, got ${vehicleCount}`);
  }
  if (!(anchor instanceof Date) || Number.isNaN(anchor.getTime())) {
    throw new RangeError("anchor must be a valid Date");
  }
}

export function createPlan(options: SandboxOptions): SandboxPlan {
  validate(options);
  const key = seedKey(options.seed);
  const window = timeWindow(options.anchor.getTime());
  // Two spare days each side cover every zone's local calendar.
  const firstDay = Math.floor(window.startMs / DAY_MS) - 2;
  const lastDay = Math.floor(window.endMs / DAY_MS) + 2;
  const zones = CATALOG.map((location) => new LocalDayOffsets(location.timezone, firstDay, lastDay));
  const fleet = buildFleet({
    key: hash32(key, 1),
    size: options.vehicleCount ?? fleetSize(options.taskCount),
    currentYear: options.anchor.getUTCFullYear(),
    homes: homeTable(CATALOG),
    sharedHomeCount: BATCH_SIZE,
  });
  const showcase = planShowcase({ key: hash32(key, 4), window, zones, fleet, regions: homeRegions(CATALOG) });
  const swapped = (slot: number) =>
    slot === IN_PROGRESS_INDEX
      ? showcase.recentVehicle
      : slot === showcase.recentVehicle
        ? IN_PROGRESS_INDEX
        : slot;
  const chooseLocation = createLocationChooser(CATALOG);
  const fleetIndexOf = (index: number) => swapped(index % fleet.length);
  return {
    taskCount: options.taskCount,
    taskKey: hash32(key, 2),
    retypeKey: hash32(key, 5),
    window,
    mileageFromMs: Math.floor(window.startMs / DAY_MS) * DAY_MS,
    locations: CATALOG,
    zones,
    fleet,
    vehicleOf: (index) => at(fleet, fleetIndexOf(index)),
    fleetIndexOf,
    programs: createProgramSchedule(
      { window, zones, chooseLocation },
      fleet,
      options.taskCount,
      hash32(key, 6),
    ),
    chooseLocation,
    taskId: createTaskIdEncoder(hash32(key, 3)),
    showcase,
  };
}
