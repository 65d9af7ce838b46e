import { zoneMidnight } from "@/lib/time/zone-midnight";
import { zoneParts } from "@/lib/time/zone-parts";
import { DAY_MS } from "@/contract/query/day";
import type { CALENDAR_PERIOD_IDS } from "@/lib/task-format/view-params";

// Calendar days, weeks and months in an IANA zone: "yesterday" in Denver starts at Denver's
// midnight, whatever zone the browser is in. Weeks start on Monday (ISO 8601).

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  const parts = zoneParts(instant, timeZone, "longOffset");
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** The first instant of a calendar date in the zone. */
export function startOfDate(date: CalendarDate, timeZone: string): Date {
  return zoneMidnight(date.year, date.month, date.day, timeZone);
}

function shifted(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Days since Monday of the date's week (0 for Monday, 6 for Sunday). */
function daysSinceMonday(date: CalendarDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

export type CalendarPeriod = (typeof CALENDAR_PERIOD_IDS)[number];

/** A whole calendar period in the zone: [its first instant, the next period's first instant). */
export function calendarPeriod(
  period: CalendarPeriod,
  now: Date,
  timeZone: string,
): { from: Date; to: Date } {
  const today = calendarDateIn(now, timeZone);
  const span = (first: CalendarDate, next: CalendarDate) => ({
    from: startOfDate(first, timeZone),
    to: startOfDate(next, timeZone),
  });
  switch (period) {
    case "today":
      return span(today, shifted(today, 1));
    case "yesterday":
      return span(shifted(today, -1), today);
    case "this_week": {
      const monday = shifted(today, -daysSinceMonday(today));
      return span(monday, shifted(monday, 7));
    }
    case "last_week": {
      const monday = shifted(today, -daysSinceMonday(today));
      return span(shifted(monday, -7), monday);
    }
    case "this_month":
      return span({ ...today, day: 1 }, { ...today, month: today.month + 1, day: 1 });
    case "last_month":
      return span({ ...today, month: today.month - 1, day: 1 }, { ...today, day: 1 });
  }
}
