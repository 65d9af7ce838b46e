import { DAY_MS } from "@/contract/query/day";
import { zoneParts } from "./zone-parts";

/**
 * Calendar days from the day `from` falls on to the day `to` falls on, in `timeZone`: what "days
 * late" means beside dates shown in that zone (due the 4th, asked on the 5th: 1), however few
 * hours lie between the two instants.
 */
export function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  const dayOf = (instant: Date) => {
    const parts = zoneParts(instant, timeZone, "longOffset");
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY_MS;
  };
  return dayOf(to) - dayOf(from);
}
