// Converts wall-clock times in an IANA time zone to UTC instants. Intl is the only source of zone
// rules in Node, and it is slow, so the generator reads offsets from a per-day cache instead.
import { DAY_MS } from "../../../contract/query/day";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone (Intl throws a RangeError for unknown names). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Reads the wall clock of `utcMs` in the zone, expressed as if it were a UTC timestamp. */
export function wallClockOf(timeZone: string, utcMs: number): number {
  const fields = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(utcMs)) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = fields;
  const millis = utcMs - Math.floor(utcMs / 1000) * 1000;
  return Date.UTC(year, month - 1, day, hour, minute, second, millis);
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function utcOffsetMs(timeZone: string, utcMs: number): number {
  return wallClockOf(timeZone, utcMs) - utcMs;
}

/**
 * Converts a wall-clock reading (given as the UTC timestamp with the same fields, e.g.
 * Date.UTC(2024, 2, 10, 9, 0)) to the instant it denotes in the zone. Like Temporal's "compatible"
 * mode, a time repeated when clocks fall back resolves to the earlier instant and a time skipped when
 * clocks spring forward moves later by the length of the gap.
 */
export function wallTimeToUtc(timeZone: string, wallMs: number): number {
  const offsetBefore = utcOffsetMs(timeZone, wallMs - DAY_MS);
  const offsetAfter = utcOffsetMs(timeZone, wallMs + DAY_MS);
  const early = wallMs - Math.max(offsetBefore, offsetAfter);
  const late = wallMs - Math.min(offsetBefore, offsetAfter);
  if (wallClockOf(timeZone, early) === wallMs) return early;
  if (wallClockOf(timeZone, late) === wallMs) return late;
  return wallMs - offsetBefore; // in a gap: keep the offset in force before it
}

// Noon offsets per zone and local day, shared by all sandbox runs of the process (zone rules do not
// change while it runs); each costs two Intl calls, and a run touches about 30 zones x 215 days.
const noonOffsets = new Map<string, Map<number, number>>();

/**
 * The zone's UTC offset at local noon of a local day (days since 1970-01-01 of the local calendar).
 * The first reading, at UTC noon of that date, is within a few hours of local noon; the second reads
 * the offset at the instant that first guess puts local noon at. DST switches happen at night, so the
 * two readings agree with the true noon offset.
 */
export function noonOffsetMs(timeZone: string, localDay: number): number {
  let byDay = noonOffsets.get(timeZone);
  if (byDay === undefined) {
    byDay = new Map();
    noonOffsets.set(timeZone, byDay);
  }
  let offset = byDay.get(localDay);
  if (offset === undefined) {
    const noonWall = localDay * DAY_MS + 12 * HOUR_MS;
    offset = utcOffsetMs(timeZone, noonWall - utcOffsetMs(timeZone, noonWall));
    byDay.set(localDay, offset);
  }
  return offset;
}

/**
 * Offsets of one zone per local calendar day in a typed array, for the generator's hot path. Business
 * hours (07:00-19:00) never contain a DST switch in the catalogue's zones (they switch at night), so
 * the noon offset is exact for every business-hour time of that day.
 */
export class LocalDayOffsets {
  private readonly cache: Float64Array;

  /** Days are whole days since 1970-01-01 in the local calendar; [firstDay, lastDay] is cached. */
  constructor(
    readonly timeZone: string,
    private readonly firstDay: number,
    lastDay: number,
  ) {
    this.cache = new Float64Array(Math.max(0, lastDay - firstDay + 1)).fill(Number.NaN);
  }

  /** UTC offset (ms) in force during business hours of the given local day. */
  offsetMs(localDay: number): number {
    const slot = localDay - this.firstDay;
    const cached = this.cache[slot];
    if (cached !== undefined && cached === cached) return cached; // NaN marks "not yet computed"
    const offset = noonOffsetMs(this.timeZone, localDay);
    if (cached !== undefined) this.cache[slot] = offset;
    return offset;
  }

  /** The local calendar day an instant falls on (exact away from the night-time DST switch). */
  localDayOf(utcMs: number): number {
    const approximate = Math.floor(utcMs / DAY_MS);
    return Math.floor((utcMs + this.offsetMs(approximate)) / DAY_MS);
  }

  /** The instant of a wall-clock time on a local day; `localMs` counts from local midnight. */
  toUtc(localDay: number, localMs: number): number {
    return localDay * DAY_MS + localMs - this.offsetMs(localDay);
  }
}
