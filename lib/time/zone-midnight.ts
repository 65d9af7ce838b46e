import { zoneParts } from "./zone-parts";
import { DAY_MS } from "@/contract/query/day";

// Midnight in a zone by hand, from Intl's offsets, rather than with a zone library: the table pages
// already load zone-parts.ts for formatting, and a library's date class on top of it costs every
// first load more than the pages' script budget has left.

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = zoneParts(new Date(instant), timeZone, "longOffset");
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a calendar date in an IANA zone (month 1-12). Date.UTC normalises a day or
 * month out of range (day 0, month 13), which callers stepping across months rely on.
 */
export function zoneMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // The offsets a day either side are the ones in force before and after any change near midnight
  // (zones change at most twice a year). Midnight read with each offset is a candidate; a real one
  // shows midnight on the zone's clock. When the clocks go back over midnight both are real and the
  // day starts at the earlier; when they skip midnight neither is, and the day starts where the
  // clock jumps, which is midnight read with the offset before the jump.
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const real = [before, after].filter((candidate) => offsetAt(candidate, timeZone) === wall - candidate);
  return new Date(real.length > 0 ? Math.min(...real) : before);
}
