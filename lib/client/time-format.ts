import { zoneParts } from "@/lib/time/zone-parts";
import { isoInZone } from "@/lib/time/zoned-iso";

// Times for people: "2026-11-20 14:03 PST" in a chosen IANA zone.

/** "Nov 20, 2026": the day of `instant` in `timeZone`, the reader's own when not given. */
export function formatDay(instant: string, timeZone?: string): string {
  return new Date(instant).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone,
  });
}

export function formatInZone(instant: string | Date, timeZone: string): string {
  const parts = zoneParts(new Date(instant), timeZone, "short");
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${asUtcOffset(parts.timeZoneName ?? timeZone)}`;
}

/**
 * A zone with no abbreviation in English ("GMT+5:30") in the form the offsets elsewhere take
 * ("UTC+05:30"); an abbreviation ("PST") as it is.
 */
function asUtcOffset(shortName: string): string {
  const offset = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(shortName);
  if (!offset) return shortName;
  const [, sign, hours, minutes] = offset;
  return sign ? `UTC${sign}${hours!.padStart(2, "0")}:${minutes ?? "00"}` : "UTC";
}

/**
 * "2026-11-20 02:31 UTC-06:00": the wall-clock time with the zone's offset on that day. Rows of
 * several zones are in true time order; with the offsets shown, a person can see that they are.
 */
export function formatWithOffset(instant: string | Date, timeZone: string): string {
  // "2026-11-20T02:31:35.951-06:00": the date, the minute and the offset, as the exports write them.
  const iso = isoInZone(instant, timeZone);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC${iso.slice(23)}`;
}

/** The zone's short name now ("PST", "UTC+01:00"), for labels that say which zone times are in. */
export function zoneAbbreviation(timeZone: string, at = new Date()): string {
  return asUtcOffset(zoneParts(at, timeZone, "short").timeZoneName ?? timeZone);
}

/** "2026-11-20T14:03" for a datetime-local input, in the browser's zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A rough duration for an estimate ("45 s", "3 min", "1 h 20 min"): finer would be false precision. */
export function roughDuration(seconds: number): string {
  if (seconds < 10) return "a few seconds";
  if (seconds < 55) return `${Math.ceil(seconds / 5) * 5} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
