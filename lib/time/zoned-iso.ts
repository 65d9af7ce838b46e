// An instant as ISO 8601 wall-clock time in an IANA zone, with its offset on that day
// ("2026-11-20T00:31:35.951-08:00"), for exports and detail views.
import { zoneParts } from "./zone-parts";

export function isoInZone(instant: string | Date, timeZone: string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const parts = zoneParts(date, timeZone, "longOffset");
  // "GMT-08:00", or plain "GMT" at offset zero.
  const offset = (parts.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  const millis = String(date.getUTCMilliseconds()).padStart(3, "0");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${millis}${offset}`;
}
