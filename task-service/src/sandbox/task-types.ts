// The maintenance task mix. Weights are per mille and follow a rental fleet: frequent washes, oil
// changes and inspections, occasional repairs, and a tail of rare jobs below 1% each.

import { WeightedTable, type Rng } from "./prng";

export interface TaskType {
  name: string;
  /** Typical duration; a past task younger than this may still be in progress. */
  minutes: number;
}

// name, weight for combustion vehicles, weight for electric vehicles, typical minutes.
// EVs have no engine oil or gearbox service and are the only ones getting battery diagnostics.
const TASK_TYPES: ReadonlyArray<readonly [string, number, number, number]> = [
  ["oil_change", 180, 0, 45],
  ["car_wash", 160, 190, 20],
  ["multi_point_inspection", 120, 150, 60],
  ["detailing", 110, 130, 150],
  ["tire_rotation", 100, 130, 40],
  ["brake_inspection", 60, 55, 60],
  ["battery_check", 45, 30, 20],
  ["wiper_replacement", 40, 45, 15],
  ["cabin_air_filter", 35, 40, 20],
  ["tire_replacement", 35, 55, 75],
  ["damage_repair", 30, 35, 240],
  ["wheel_alignment", 30, 35, 60],
  ["recall_repair", 25, 25, 180],
  ["windshield_repair", 20, 20, 90],
  ["key_replacement", 6, 6, 60],
  ["transmission_service", 4, 0, 240],
  ["ev_battery_diagnostic", 0, 54, 120],
];

/** Every task type the sandbox can produce. */
export const TASK_TYPE_NAMES: readonly string[] = TASK_TYPES.map(([name]) => name);

const combustion = new WeightedTable(
  TASK_TYPES.map(([name, weight, , minutes]): [TaskType, number] => [{ name, minutes }, weight]),
);
const electric = new WeightedTable(
  TASK_TYPES.map(([name, , weight, minutes]): [TaskType, number] => [{ name, minutes }, weight]),
);

export function pickTaskType(rng: Rng, isElectric: boolean): TaskType {
  return (isElectric ? electric : combustion).pick(rng);
}
