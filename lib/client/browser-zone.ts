// Apart from the time formats (time-format.ts): the table's view resolves its zones with it in
// every /tasks first load, which writes no time itself until the rows' code is in and should not
// carry the formats before then.

/** The browser's IANA zone ("Europe/Berlin"). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
