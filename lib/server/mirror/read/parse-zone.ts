import "server-only";
import { invalid } from "./parse-result";

// tz: an IANA zone name, checked by the runtime's zone database and canonicalised by it. Offsets
// ("+05:00") and POSIX strings are refused: PostgreSQL reads those with the sign reversed. Names
// without an area ("CET", "EST", "MET") are refused too: PostgreSQL takes them for abbreviations
// with a fixed offset where the runtime applies daylight saving, so days would differ. UTC stays.

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export function parseZone(text: string | undefined): string {
  if (text === undefined) return "UTC";
  if (text.length > 64 || !ZONE_NAME.test(text)) throw badZone();
  let zone: string;
  try {
    zone = new Intl.DateTimeFormat("en-US", { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    throw badZone();
  }
  if (!ZONE_NAME.test(zone) || (zone !== "UTC" && !zone.includes("/"))) throw badZone();
  return zone;
}

export function badZone() {
  return invalid('"tz" must be an IANA time zone name of an area and place, e.g. America/Denver, or UTC.');
}
