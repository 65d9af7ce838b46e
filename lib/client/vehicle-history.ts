import type { Task, Vehicle } from "./api-types";
import { DAY_MS } from "@/contract/query/day";
import { calendarDaysBetween } from "@/lib/time/calendar-days";

// What a person reads off a vehicle's history (GET /api/vehicles/{vehicle_id}): its odometer
// readings with the task that took each, what looks wrong in them, and when each kind of work
// was last done. Pure: the page and its tests share it.

/** One odometer reading and the task that took it. */
export interface OdometerReading {
  at: string;
  miles: number;
  /** The task of this reading; undefined only if the answer's lists disagree. */
  task: Task | undefined;
}

/** Statuses whose odometer is a reading (the API's rule: a scheduled task's mileage is a guess). */
const READING_STATUSES = new Set(["completed", "in_progress"]);

/**
 * The answer's odometer readings, oldest first, each with its task. The API lists the readings
 * without their task; they are the completed and in-progress tasks in the same order, and a
 * reading is paired with a task only when both agree on time and miles.
 */
export function odometerReadings(vehicle: Pick<Vehicle, "tasks" | "odometer">): OdometerReading[] {
  const reading = vehicle.tasks.filter((task) => READING_STATUSES.has(task.status));
  let next = 0;
  return vehicle.odometer.map(({ at, miles }) => {
    const index = reading.findIndex(
      (task, i) => i >= next && task.started_at === at && task.odometer_miles === miles,
    );
    if (index >= 0) next = index + 1;
    return { at, miles, task: index >= 0 ? reading[index] : undefined };
  });
}

/** A reading lower than one taken before it: a typo, a swapped vehicle or a replaced cluster. */
export interface OdometerDrop {
  reading: OdometerReading;
  /** The highest earlier reading, which this one is below. */
  earlier: OdometerReading;
}

export function odometerDrops(readings: readonly OdometerReading[]): OdometerDrop[] {
  const drops: OdometerDrop[] = [];
  let highest: OdometerReading | undefined;
  for (const reading of readings) {
    if (highest && reading.miles < highest.miles) drops.push({ reading, earlier: highest });
    else if (!highest || reading.miles > highest.miles) highest = reading;
  }
  return drops;
}

/** The same task type done twice within 24 hours: paid twice, or booked twice. */
export interface RepeatedTask {
  taskType: string;
  first: Task;
  second: Task;
  hoursApart: number;
}

/**
 * Pairs of tasks of one type less than a day apart, in time order. Cancelled tasks are left out:
 * a cancelled booking followed by the real one is how a rebooking looks, not a repeat.
 */
export function repeatedTasks(tasks: readonly Task[]): RepeatedTask[] {
  const lastOfType = new Map<string, Task>();
  const repeats: RepeatedTask[] = [];
  const inOrder = tasks
    .filter((task) => task.status !== "cancelled")
    .toSorted((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at));
  for (const task of inOrder) {
    const previous = lastOfType.get(task.task_type);
    const apart = previous ? Date.parse(task.started_at) - Date.parse(previous.started_at) : Infinity;
    if (previous && apart < DAY_MS) {
      repeats.push({
        taskType: task.task_type,
        first: previous,
        second: task,
        hoursApart: Math.round((apart / 3_600_000) * 10) / 10,
      });
    }
    lastOfType.set(task.task_type, task);
  }
  return repeats;
}

/** When a kind of work was last done, and how long and how far the vehicle has gone since. */
export interface LastDone {
  taskType: string;
  task: Task;
  /**
   * Calendar days from the day it started to today, both in its location's zone, where the page
   * shows its date (0 on that day itself, 1 the next day however few hours later).
   */
  daysSince: number;
  /**
   * Miles from its reading to the latest one; undefined without a later reading to compare, and
   * negative when the odometer reads lower now (the drop is flagged on its own).
   */
  milesSince: number | undefined;
}

/**
 * `zones`: each location's time zone by id; a task at a location not in it counts its days in UTC,
 * as its date is then shown.
 */
export function lastDone(
  vehicle: Pick<Vehicle, "last_by_task_type" | "odometer">,
  now: Date,
  zones: Readonly<Record<string, string>>,
): LastDone[] {
  const latest = vehicle.odometer.at(-1);
  return Object.entries(vehicle.last_by_task_type)
    .map(([taskType, task]) => ({
      taskType,
      task,
      daysSince: Math.max(
        0,
        calendarDaysBetween(new Date(task.started_at), now, zones[task.location.id] ?? "UTC"),
      ),
      milesSince: latest ? latest.miles - task.odometer_miles : undefined,
    }))
    .toSorted((a, b) => Date.parse(b.task.started_at) - Date.parse(a.task.started_at));
}

/**
 * The task the vehicle was last seen at: its latest completed or in-progress task (`tasks` oldest
 * first). Not a scheduled one, which may lie weeks ahead at another location, nor a cancelled one.
 */
export function lastSeenTask(tasks: readonly Task[]): Task | undefined {
  return tasks.findLast((task) => READING_STATUSES.has(task.status));
}

/** The vehicle's tasks newest first, as the timeline lists them. */
export function newestFirst(tasks: readonly Task[]): Task[] {
  return tasks.toSorted(
    (a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}
