// The calendar fields of an instant in an IANA zone, with the zone's name in the asked style
// ("longOffset": "GMT-08:00"; "short": "PST"). Intl formatters are costly to build, so one is
// kept per zone and style; a table of 20,000 rows uses a handful.

export type ZoneNameStyle = "longOffset" | "short";
export type ZoneParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, zoneName: ZoneNameStyle): Intl.DateTimeFormat {
  const key = `${timeZone}|${zoneName}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: zoneName,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

export function zoneParts(instant: Date, timeZone: string, zoneName: ZoneNameStyle): ZoneParts {
  const parts: ZoneParts = {};
  for (const part of formatterFor(timeZone, zoneName).formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}
