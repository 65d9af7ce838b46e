// Shared sample data and helpers for the sandbox generator tests.
import type { TaskRecord } from "../../src/domain/records";
import { sandboxLocations, sandboxTasks } from "../../src/sandbox/generate-sandbox-data";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
// An anchor in March puts US, European and Australian DST switches inside the window.
export const anchor = new Date("2025-03-20T16:42:17.345Z");
export const windowStart = anchor.getTime() - 180 * DAY;
export const windowEnd = anchor.getTime() + 30 * DAY;

export function generate(seed: number, taskCount: number, at = anchor): TaskRecord[] {
  return [...sandboxTasks({ seed, taskCount, anchor: at })];
}

/** 20,000 tasks: enough for the statistical checks, fast enough to build in every test file. */
export const tasks = generate(2024, 20_000);

export const zoneOf = new Map(sandboxLocations().map((location) => [location.id, location.timezone]));

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock time of an instant in a zone, read independently of the generator (straight from Intl). */
export function localTime(date: Date, timeZone: string): { hour: number; minute: number; second: number } {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    const options = {
      timeZone,
      hourCycle: "h23",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    } as const;
    formatter = new Intl.DateTimeFormat("en-US", options);
    formatters.set(timeZone, formatter);
  }
  const fields = { hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(date)) {
    if (part.type === "hour" || part.type === "minute" || part.type === "second")
      fields[part.type] = Number(part.value);
  }
  return fields;
}

export function byVehicle(list: readonly TaskRecord[]): Map<string, TaskRecord[]> {
  const groups = new Map<string, TaskRecord[]>();
  for (const task of list) {
    const group = groups.get(task.vehicle_id);
    if (group === undefined) groups.set(task.vehicle_id, [task]);
    else group.push(task);
  }
  return groups;
}

/** The largest number of tasks that share one started_at. */
export function maxSharedStart(list: readonly TaskRecord[]): number {
  const counts = new Map<number, number>();
  for (const { started_at } of list)
    counts.set(started_at.getTime(), (counts.get(started_at.getTime()) ?? 0) + 1);
  return Math.max(...counts.values());
}
