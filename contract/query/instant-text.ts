// The contract's grammar for the time window's instants: ISO 8601 with Z or a numeric offset (the
// service never guesses a zone), every field range-checked. Pure, so the dashboard checks a window
// exactly as the service will, before it spends any of its upstream budget on a request the
// service would refuse.

// An unencoded "+" in a query string arrives as a space, so a space is accepted where the offset sign goes.
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+\- ])(\d{2}):?(\d{2}))$/;

const EARLIEST = -62_135_596_800_000; // 0001-01-01T00:00:00.000Z
const LATEST = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

/**
 * The instant as epoch milliseconds, rounded up to the next millisecond (the store's precision), or
 * undefined when the text is not a valid instant.
 */
export function parseInstantText(text: string): number | undefined {
  const match = INSTANT.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const fraction = match[7] ?? "";
  const fractionMs = Math.ceil(Number(`0.${fraction || "0"}`) * 1000);
  let offsetMinutes = 0;
  if (match[8] === undefined) {
    const sign = match[9] === "-" ? -1 : 1;
    const offsetHours = Number(match[10]);
    const offsetMins = Number(match[11]);
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = sign * (offsetHours * 60 + offsetMins);
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, 0);
  const instant = utc.getTime() + fractionMs - offsetMinutes * 60_000;
  // Years 1..9999 only: PostgreSQL refuses year 0 and five-digit years, and no task lives there.
  if (instant < EARLIEST || instant > LATEST) return undefined;
  return instant;
}

/**
 * An instant written in a file or on a command line, where no query string has turned a "+" into
 * a space: a space is no offset's sign there.
 */
export function parseWrittenInstant(text: string): number | undefined {
  return text.includes(" ") ? undefined : parseInstantText(text);
}
