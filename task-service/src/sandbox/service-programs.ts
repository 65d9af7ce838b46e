// Recurring maintenance: a fleet services each vehicle on programs (an oil change every 90 days or
// 5,000 miles, whichever comes first), not at random. In a sandbox large enough to show a vehicle's
// history (MIN_TASKS_PER_VEHICLE), each vehicle's program jobs follow its own schedule: mostly on
// time, a few late, a cancelled appointment rebooked days later, one booking ahead when the next
// is near, and some vehicles that missed their last due date altogether. The other jobs stay
// random, drawn from the types outside the vehicle's programs.

import { DAY_MS } from "../../../contract/query/day";
import { MINUTE_MS, type LocalDayOffsets } from "./local-time";
import { Rng, at, hash32 } from "../../../platform/prng";
import type { Vehicle } from "./fleet";
import { CLOSE_MINUTE, OPEN_MINUTE, type TimeWindow } from "./task-times";
import type { TaskStatus } from "./task-status";
import { taskTypeNamed, type TaskType } from "./task-types";
import type { LocationChooser } from "./task-location";

export interface SandboxProgram {
  type: TaskType;
  days: number;
  /** Null: the program has no mileage interval. */
  miles: number | null;
  /** Which vehicles have it: combustion only, or every vehicle. */
  combustionOnly: boolean;
}

/** The sandbox fleet's maintenance programs: what a learned program should come back to. */
export const SANDBOX_PROGRAMS: readonly SandboxProgram[] = [
  { type: taskTypeNamed("oil_change"), days: 90, miles: 5_000, combustionOnly: true },
  { type: taskTypeNamed("tire_rotation"), days: 120, miles: 6_000, combustionOnly: false },
  { type: taskTypeNamed("multi_point_inspection"), days: 60, miles: null, combustionOnly: false },
];

/**
 * Programs apply once the sandbox averages this many tasks a vehicle: fewer leave no room for a
 * history (below 40,000 tasks the fleet stays at 1,000 vehicles, so 20,000 tasks is 20 each).
 */
export const MIN_TASKS_PER_VEHICLE = 20;

/** The share of jobs done late: more than 10% past the interval, the compliance rule staff know. */
const LATE_SHARE = 0.06;
/** An appointment called off is rebooked this many days later. */
const CANCELLED_SHARE = 0.05;
const REBOOK_DAYS = [2, 10] as const;
/** Of the vehicles whose next due date passed within MISSED_WITHIN_DAYS, this share missed it. */
const MISSED_SHARE = 0.12;
const MISSED_WITHIN_DAYS = 60;
/** A missed job already booked to catch up, within the next CATCH_UP_DAYS. */
const CATCH_UP_SHARE = 0.4;
const CATCH_UP_DAYS = 14;
/** A job due within the sandbox's future days is booked ahead with this probability. */
const BOOKED_AHEAD_SHARE = 0.6;
const SLOT_MINUTES = 15;

/** A task before its id, vehicle and mileage: what a program schedules and what the builder draws. */
export interface TaskDraft {
  type: TaskType;
  startMs: number;
  locationIndex: number;
  status: TaskStatus;
}

export interface ScheduleContext {
  window: TimeWindow;
  zones: readonly LocalDayOffsets[];
  chooseLocation: LocationChooser;
}

/** The programs a vehicle has. */
export function programsOf(vehicle: Vehicle): SandboxProgram[] {
  return SANDBOX_PROGRAMS.filter((program) => !(program.combustionOnly && vehicle.electric));
}

/** A mask of TaskType.index bits: the types a vehicle's random jobs must not take. */
export function programTypeMask(vehicle: Vehicle): number {
  return programsOf(vehicle).reduce((mask, program) => mask | (1 << program.type.index), 0);
}

/** Days between two jobs of a program on this vehicle when done on time: whichever comes first. */
export function dueEveryDays(program: SandboxProgram, vehicle: Vehicle): number {
  return program.miles === null ? program.days : Math.min(program.days, program.miles / vehicle.milesPerDay);
}

/** Every program job of a vehicle within the window, in time order per program. */
export function vehicleProgramTasks(context: ScheduleContext, vehicle: Vehicle, rng: Rng): TaskDraft[] {
  return programsOf(vehicle).flatMap((program) => programTasks(context, vehicle, program, rng));
}

function programTasks(context: ScheduleContext, vehicle: Vehicle, program: SandboxProgram, rng: Rng) {
  const { window } = context;
  const every = dueEveryDays(program, vehicle) * DAY_MS;
  const tasks: TaskDraft[] = [];
  /** The job for a due date: null when it falls outside the window. */
  const add = (dueMs: number, bookedAhead: boolean): TaskDraft | null => {
    const locationIndex = context.chooseLocation(rng, vehicle.homeIndex);
    const zone = at(context.zones, locationIndex);
    const pastStart = bookedAhead ? null : pastStartOn(rng, zone, dueMs);
    // Anything from the anchor on is an appointment, on a quarter hour like every other.
    const startMs =
      pastStart !== null && pastStart < window.anchorMs ? pastStart : slotOnOrAfter(rng, zone, dueMs, window);
    if (startMs < window.startMs || startMs >= window.endMs) return null;
    const task = {
      type: program.type,
      startMs,
      locationIndex,
      status: statusAt(rng, startMs, program.type, window),
    };
    tasks.push(task);
    return task;
  };
  // The last job before the window, at a random point of its interval.
  // From the midnight before the window, so a sandbox generated minutes later keeps the same dates.
  let doneMs = Math.floor(window.startMs / DAY_MS) * DAY_MS - rng.next() * every;
  for (;;) {
    const late = rng.chance(LATE_SHARE);
    const dueMs = doneMs + every * (late ? rng.between(1.12, 1.4) : rng.between(0.85, 1.03));
    if (dueMs >= window.anchorMs) {
      if (dueMs < window.endMs && rng.chance(BOOKED_AHEAD_SHARE)) add(dueMs, true);
      break;
    }
    if (window.anchorMs - dueMs < MISSED_WITHIN_DAYS * DAY_MS && rng.chance(MISSED_SHARE)) {
      if (rng.chance(CATCH_UP_SHARE)) add(window.anchorMs + rng.between(1, CATCH_UP_DAYS) * DAY_MS, true);
      break;
    }
    let task = add(dueMs, false);
    if (task === null) {
      doneMs = dueMs;
      continue;
    }
    if (task.status === "cancelled")
      task = add(task.startMs + rng.between(...REBOOK_DAYS) * DAY_MS, false) ?? task;
    if (task.status !== "completed") break;
    doneMs = task.startMs;
  }
  return tasks;
}

function statusAt(rng: Rng, startMs: number, type: TaskType, window: TimeWindow): TaskStatus {
  if (startMs >= window.anchorMs) return "scheduled";
  if (window.anchorMs - startMs < type.minutes * MINUTE_MS) return "in_progress";
  return rng.chance(CANCELLED_SHARE) ? "cancelled" : "completed";
}

/** A business-hours instant on the branch's local day of `dayMs`. */
function pastStartOn(rng: Rng, zone: LocalDayOffsets, dayMs: number): number {
  const minute = OPEN_MINUTE + rng.next() * (CLOSE_MINUTE - OPEN_MINUTE);
  return zone.toUtc(zone.localDayOf(dayMs), Math.floor(minute * MINUTE_MS));
}

/** A quarter-hour appointment on the local day of `dayMs`, or the next day when that slot has passed. */
function slotOnOrAfter(rng: Rng, zone: LocalDayOffsets, dayMs: number, window: TimeWindow): number {
  const slots = (CLOSE_MINUTE - OPEN_MINUTE) / SLOT_MINUTES;
  const slotMs = (OPEN_MINUTE + rng.int(slots) * SLOT_MINUTES) * MINUTE_MS;
  let day = zone.localDayOf(Math.max(dayMs, window.anchorMs));
  while (zone.toUtc(day, slotMs) < window.anchorMs) day += 1;
  return zone.toUtc(day, slotMs);
}

export interface ProgramSchedule {
  /** The program job that is the vehicle's `nth` task (0 is never one), if any. */
  taskFor(fleetIndex: number, nth: number): TaskDraft | undefined;
  /** The types the vehicle's other jobs must not take (programTypeMask). */
  reservedTypes(fleetIndex: number): number;
}

/** Each vehicle's program jobs, worked out the first time one of its tasks asks; null for a small sandbox. */
export function createProgramSchedule(
  context: ScheduleContext,
  fleet: readonly Vehicle[],
  taskCount: number,
  key: number,
): ProgramSchedule | null {
  if (fleet.length === 0 || taskCount < MIN_TASKS_PER_VEHICLE * fleet.length) return null;
  const schedules: (TaskDraft[] | undefined)[] = new Array<TaskDraft[] | undefined>(fleet.length);
  const rng = new Rng();
  const scheduleOf = (fleetIndex: number): TaskDraft[] => {
    let schedule = schedules[fleetIndex];
    if (schedule === undefined) {
      rng.reseed(hash32(key, fleetIndex));
      schedule = vehicleProgramTasks(context, at(fleet, fleetIndex), rng);
      schedules[fleetIndex] = schedule;
    }
    return schedule;
  };
  const masks = fleet.map(programTypeMask);
  return {
    taskFor: (fleetIndex, nth) => (nth === 0 ? undefined : scheduleOf(fleetIndex)[nth - 1]),
    reservedTypes: (fleetIndex) => at(masks, fleetIndex),
  };
}
