// Where one vehicle stands on one program: when its job is next due (by date, and by miles through
// a forecast from the vehicle's own daily mileage), and one state a coordinator acts on.

import { DAY_MS } from "@/contract/query/day";
import { IN_PROGRESS_DAYS } from "@/contract/query/in-progress";
import type { DueState } from "@/contract/query/due-state";

/** A daily mileage needs readings at least this many days apart. */
const MIN_READING_SPAN_DAYS = 7;
/** A forecast further ahead than this says only "not for years": none is given. */
const FORECAST_LIMIT_MS = 10 * 365 * DAY_MS;
/**
 * How long after its time a job still "scheduled" counts as booked: one booked for 08:00 and not
 * yet marked under way at 10:00 is still the plan; one a day late is a no-show.
 */
export const BOOKING_GRACE_MS = DAY_MS;

/**
 * The earliest start a job may have and count as booked at `now`, still scheduled and under way
 * (DUE_FACTS_SQL's $2 and $3, as ISO text).
 */
export function bookingBounds(now: Date): [scheduledFrom: string, inProgressFrom: string] {
  return [
    new Date(now.getTime() - BOOKING_GRACE_MS).toISOString(),
    new Date(now.getTime() - IN_PROGRESS_DAYS * DAY_MS).toISOString(),
  ];
}

export interface ProgramInterval {
  interval_days: number | null;
  interval_miles: number | null;
  /** Due soon within this share of an interval. */
  due_soon_share: number;
}

export interface Reading {
  at: Date;
  miles: number;
}

export interface DueFacts {
  lastDone: Reading;
  /** The vehicle's first and latest odometer readings over the mirror (completed or under way). */
  firstReading: Reading;
  latestReading: Reading;
  /** The earliest job of the type booked or under way after the last one done. */
  booked: { at: Date; inProgress: boolean } | null;
}

export interface DueStanding {
  state: DueState;
  /** The sooner of the date due and the forecast date for the miles due. */
  due_at: string;
  due_by: "days" | "miles";
  due_date: string | null;
  due_odometer: number | null;
  miles_per_day: number | null;
  projected_odometer: number;
  /** When the odometer is forecast to reach due_odometer; null without a mileage interval or rate. */
  forecast_at: string | null;
  overdue_days: number | null;
  overdue_miles: number | null;
}

/** Miles a day between the two readings, or null when they are too close in time to say. */
export function milesPerDay(first: Reading, latest: Reading): number | null {
  const days = (latest.at.getTime() - first.at.getTime()) / DAY_MS;
  if (days < MIN_READING_SPAN_DAYS) return null;
  return Math.max(0, (latest.miles - first.miles) / days);
}

export function dueStanding(program: ProgramInterval, facts: DueFacts, now: Date): DueStanding {
  const rate = milesPerDay(facts.firstReading, facts.latestReading);
  const daysSinceReading = (now.getTime() - facts.latestReading.at.getTime()) / DAY_MS;
  const projected = facts.latestReading.miles + (rate ?? 0) * Math.max(0, daysSinceReading);
  const dueDateMs =
    program.interval_days === null ? null : facts.lastDone.at.getTime() + program.interval_days * DAY_MS;
  const dueOdometer = program.interval_miles === null ? null : facts.lastDone.miles + program.interval_miles;
  // From the latest reading, not from now: the same vehicle is due at the same moment whenever asked.
  const forecast =
    dueOdometer === null || rate === null || rate <= 0
      ? null
      : facts.latestReading.at.getTime() + ((dueOdometer - facts.latestReading.miles) / rate) * DAY_MS;
  const forecastMs = forecast !== null && forecast - now.getTime() <= FORECAST_LIMIT_MS ? forecast : null;
  const byMiles = forecastMs !== null && (dueDateMs === null || forecastMs < dueDateMs);
  const knownDueMs = byMiles ? forecastMs : dueDateMs;
  const milesLeft = dueOdometer === null ? null : dueOdometer - projected;
  const overdue =
    (knownDueMs !== null && knownDueMs <= now.getTime()) || (milesLeft !== null && milesLeft <= 0);
  // A program with miles only and no rate to forecast with has no date: it is due when a reading
  // gets there. The last job's date stands in for due_at, so the row sorts somewhere.
  const dueMs = knownDueMs ?? facts.lastDone.at.getTime();
  const soonDays = program.interval_days === null ? null : program.interval_days * program.due_soon_share;
  const soonMiles = program.interval_miles === null ? null : program.interval_miles * program.due_soon_share;
  const soon =
    (dueDateMs !== null && soonDays !== null && dueDateMs - now.getTime() <= soonDays * DAY_MS) ||
    (milesLeft !== null && soonMiles !== null && milesLeft <= soonMiles) ||
    (forecastMs !== null && soonDays !== null && forecastMs - now.getTime() <= soonDays * DAY_MS);
  // Booked: a job under way (since IN_PROGRESS_DAYS at most), or one ahead (or just past,
  // BOOKING_GRACE_MS) that comes in time. One a day past (still "scheduled"), or that comes after
  // the job is due, books nothing the state can rest on.
  const [scheduledFrom] = bookingBounds(now);
  const booked =
    facts.booked !== null &&
    (facts.booked.inProgress ||
      (facts.booked.at.getTime() >= Date.parse(scheduledFrom) &&
        (knownDueMs === null || facts.booked.at.getTime() <= knownDueMs)));
  const state: DueState = overdue ? "overdue" : booked ? "scheduled" : soon ? "due_soon" : "ok";
  return {
    state,
    due_at: new Date(dueMs).toISOString(),
    // Miles alone with no rate to forecast with: due by miles, with no date and no days overdue.
    due_by: byMiles || knownDueMs === null ? "miles" : "days",
    due_date: dueDateMs === null ? null : new Date(dueDateMs).toISOString(),
    due_odometer: dueOdometer,
    miles_per_day: rate === null ? null : Math.round(rate * 10) / 10,
    projected_odometer: Math.round(projected),
    forecast_at: forecastMs === null ? null : new Date(forecastMs).toISOString(),
    overdue_days:
      overdue && knownDueMs !== null ? Math.max(0, Math.floor((now.getTime() - knownDueMs) / DAY_MS)) : null,
    overdue_miles: overdue && milesLeft !== null && milesLeft <= -1 ? Math.floor(-milesLeft) : null,
  };
}
