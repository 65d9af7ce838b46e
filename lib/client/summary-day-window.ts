import { zoneMidnight } from "@/lib/time/zone-midnight";
import { DAY_MS } from "@/contract/query/day";

// A calendar day in an IANA zone as the instants it spans, cut to the window the summary counted,
// so the table filtered to a day shows exactly the tasks of that day's bar.

/** The first instant of local midnight of `day` ("2026-11-20") in `timeZone`. */
export function midnightIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zoneMidnight(year, month, date, timeZone);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

export function dayWindow(
  day: string,
  timeZone: string,
  within: { from: Date; to: Date },
): { from: Date; to: Date } {
  const start = midnightIn(day, timeZone);
  const end = midnightIn(nextDay(day), timeZone);
  return {
    from: new Date(Math.max(start.getTime(), within.from.getTime())),
    to: new Date(Math.min(end.getTime(), within.to.getTime())),
  };
}
