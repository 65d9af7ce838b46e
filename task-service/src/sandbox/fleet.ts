// The sandbox fleet: vehicles with a fleet number (MVA), a VIN, a home branch and a mileage profile.
// Vehicles are derived from the seed one by one, so the fleet is the same however many tasks use it.

import { createPermutation } from "./permutation";
import { Rng, WeightedTable, at, hash32 } from "../../../platform/prng";
import { VEHICLE_MAKES, type VehicleMake } from "./vehicle-makes";
import { assembleVin, modelYearCode } from "./vin";

export interface Vehicle {
  id: string;
  /** 8-digit fleet number, unique within the fleet. */
  mva: string;
  /** Null for the few vehicles whose VIN was never recorded. */
  vin: string | null;
  /** Index into the location catalogue of the branch the vehicle belongs to. */
  homeIndex: number;
  electric: boolean;
  /** Odometer at the UTC midnight that opens the sandbox window (SandboxPlan.mileageFromMs). */
  baseMiles: number;
  milesPerDay: number;
}

export interface FleetOptions {
  /** Key derived from the seed. */
  key: number;
  size: number;
  /** Calendar year of the anchor; model years are chosen relative to it so the fleet stays young. */
  currentYear: number;
  /** Weighted choice of home branch (location catalogue indices). */
  homes: WeightedTable<number>;
  /**
   * The first this many vehicles share the first one's home: the showcase books them together at
   * one branch, which must be in each one's home region.
   */
  sharedHomeCount?: number;
}

/** Roughly 2-3% of rental vehicles have no VIN on file. */
const NO_VIN_SHARE = 0.025;
const MVA_FIRST = 30_000_000;
const MVA_RANGE = 40_000_000; // fleet numbers 30000000-69999999
const SERIAL_RANGE = 1_000_000; // VIN positions 12-17
/** The most vehicles whose VINs stay unique: one per serial. */
export const MAX_FLEET_SIZE = SERIAL_RANGE;

const MAKES = new WeightedTable(VEHICLE_MAKES.map((make): [VehicleMake, number] => [make, make.weight]));
// Rental fleets are young: mostly this and last year's models, a few next-year ones.
const MODEL_AGES = new WeightedTable<number>([
  [-1, 1],
  [0, 4],
  [1, 4],
  [2, 3],
  [3, 2],
  [4, 1],
]);

/** vehicleCount = min(taskCount, max(1000, ceil(taskCount / 40))): at least 1,000 once there are enough tasks. */
export function fleetSize(taskCount: number): number {
  return Math.min(taskCount, Math.max(1000, Math.ceil(taskCount / 40)));
}

function sharedHome(fleet: readonly Vehicle[], index: number, sharedHomeCount: number): number | null {
  return index > 0 && index < sharedHomeCount ? at(fleet, 0).homeIndex : null;
}

export function buildFleet(options: FleetOptions): Vehicle[] {
  const { key, size, currentYear, homes, sharedHomeCount = 0 } = options;
  // Permutations keep fleet numbers and VIN serials unique while looking scattered.
  const mvaOf = createPermutation(hash32(key, 101), MVA_RANGE);
  const serialOf = createPermutation(hash32(key, 102), SERIAL_RANGE);
  // One vehicle always lacks a VIN so small sandboxes still show the null case.
  const forcedNoVin = hash32(key, 103) % Math.max(1, size);
  const rng = new Rng();
  const fleet: Vehicle[] = [];
  for (let index = 0; index < size; index++) {
    rng.reseed(hash32(key, 1_000 + index));
    const make = MAKES.pick(rng);
    const age = MODEL_AGES.pick(rng);
    const hasVin = index !== forcedNoVin && !rng.chance(NO_VIN_SHARE);
    const vin = assembleVin({
      wmi: make.wmi,
      descriptor: at(make.descriptors, rng.int(make.descriptors.length)),
      yearCode: modelYearCode(currentYear - age),
      plant: make.plants.charAt(rng.int(make.plants.length)),
      serial: serialOf(index),
    });
    fleet.push({
      id: `veh_${String(index + 1).padStart(6, "0")}`,
      mva: String(MVA_FIRST + mvaOf(index)),
      vin: hasVin ? vin : null,
      homeIndex: sharedHome(fleet, index, sharedHomeCount) ?? homes.pick(rng),
      electric: make.electric,
      baseMiles: Math.round(3_000 + Math.max(0, age) * 9_000 + rng.next() * 15_000),
      milesPerDay: rng.between(20, 120),
    });
  }
  return fleet;
}
