// The contract's time zone: a name as the IANA database spells it ("Europe/Berlin", "UTC"),
// checked by the runtime's own zone database. Intl ignores case and follows links, so the name is
// returned as the runtime spells it canonically: a client that looks zones up by exact name finds
// it. Offsets ("+05:00") and POSIX strings are not names: PostgreSQL reads those with the sign
// reversed, so nothing here takes them.

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The runtime's canonical name of the zone `text` names, or undefined when it names none. */
export function canonicalZoneName(text: string): string | undefined {
  if (text.length > 64 || !ZONE_NAME.test(text)) return undefined;
  try {
    const zone = new Intl.DateTimeFormat("en-US", { timeZone: text }).resolvedOptions().timeZone;
    return ZONE_NAME.test(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
