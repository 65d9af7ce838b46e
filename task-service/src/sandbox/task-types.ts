// The maintenance task mix. Weights are per mille and follow a rental fleet: frequent washes, oil
// changes and inspections, occasional repairs, and a tail of rare jobs below 1% each.

import { WeightedTable, at, type Rng } from "../../../platform/prng";

export interface TaskType {
  /** Position in TASK_TYPES, a bit in a mask of types (fewer than 32). */
  index: number;
  name: string;
  /** Typical duration; a past task younger than this may still be in progress. */
  minutes: number;
  /** The same vehicle does not get this job again sooner (an oil change lasts thousands of miles). */
  minGapMinutes: number;
}

// name, weight for combustion vehicles, weight for electric vehicles, typical minutes, and the
// fewest days before the same vehicle gets the same job again.
// EVs have no engine oil or gearbox service and are the only ones getting battery diagnostics.
const TASK_TYPES: ReadonlyArray<readonly [string, number, number, number, number]> = [
  ["oil_change", 180, 0, 45, 30],
  ["car_wash", 160, 190, 20, 2],
  ["multi_point_inspection", 120, 150, 60, 14],
  ["detailing", 110, 130, 150, 7],
  ["tire_rotation", 100, 130, 40, 30],
  ["brake_inspection", 60, 55, 60, 30],
  ["battery_check", 45, 30, 20, 30],
  ["wiper_replacement", 40, 45, 15, 60],
  ["cabin_air_filter", 35, 40, 20, 60],
  ["tire_replacement", 35, 55, 75, 60],
  ["damage_repair", 30, 35, 240, 3],
  ["wheel_alignment", 30, 35, 60, 30],
  ["recall_repair", 25, 25, 180, 90],
  ["windshield_repair", 20, 20, 90, 14],
  ["key_replacement", 6, 6, 60, 14],
  ["transmission_service", 4, 0, 240, 180],
  ["ev_battery_diagnostic", 0, 54, 120, 30],
];

/** Every task type the sandbox can produce. */
export const TASK_TYPE_NAMES: readonly string[] = TASK_TYPES.map(([name]) => name);

const ALL_TYPES: readonly TaskType[] = TASK_TYPES.map(([name, , , minutes, gapDays], index) => ({
  index,
  name,
  minutes,
  minGapMinutes: gapDays * 24 * 60,
}));

/** The task type of this name; throws for a name the sandbox does not produce. */
export function taskTypeNamed(name: string): TaskType {
  const type = ALL_TYPES.find((candidate) => candidate.name === name);
  if (type === undefined) throw new Error(`no sandbox task type is named ${name}`);
  return type;
}

/** minGapMinutes by TaskType.index, for the hot loop in type-spacing.ts. */
export const GAP_MINUTES_BY_INDEX = Int32Array.from(ALL_TYPES, (type) => type.minGapMinutes);

const combustion = new WeightedTable(
  ALL_TYPES.map((type): [TaskType, number] => [type, at(TASK_TYPES, type.index)[1]]),
);
const electric = new WeightedTable(
  ALL_TYPES.map((type): [TaskType, number] => [type, at(TASK_TYPES, type.index)[2]]),
);
/** Last resort when redraws keep hitting recent jobs: the shortest gaps first. */
const byGap = (isElectric: boolean) =>
  ALL_TYPES.filter((type) => at(TASK_TYPES, type.index)[isElectric ? 2 : 1] > 0).sort(
    (a, b) => a.minGapMinutes - b.minGapMinutes || a.index - b.index,
  );
const combustionByGap = byGap(false);
const electricByGap = byGap(true);
const REDRAWS = 8;

export function pickTaskType(rng: Rng, isElectric: boolean): TaskType {
  return (isElectric ? electric : combustion).pick(rng);
}

/** A type not in `blocked` (a mask of TaskType.index bits), drawn by weight where possible. */
export function pickOtherTaskType(rng: Rng, isElectric: boolean, blocked: number): TaskType {
  for (let attempt = 0; attempt < REDRAWS; attempt++) {
    const type = pickTaskType(rng, isElectric);
    if ((blocked & (1 << type.index)) === 0) return type;
  }
  const ordered = isElectric ? electricByGap : combustionByGap;
  return ordered.find((type) => (blocked & (1 << type.index)) === 0) ?? at(ordered, 0);
}
