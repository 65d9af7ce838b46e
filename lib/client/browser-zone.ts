// Apart from the time formats (time-format.ts): the table's view resolves its zones with it in
// every /tasks first load, which writes no time itself until the rows' code is in and should not
// carry the formats before then.

/**
 * Zones the time-zone database has renamed, by the old name browsers still report (their ICU keeps
 * it as the canonical id): a person in India reads "Asia/Kolkata", the name every list of zones
 * and the locations' own data use, not "Asia/Calcutta". Both names work in Intl.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "Pacific/Enderbury": "Pacific/Kanton",
};

/** The browser's IANA zone ("Europe/Berlin"), by its current name. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return RENAMED_ZONES[zone] ?? zone;
}
