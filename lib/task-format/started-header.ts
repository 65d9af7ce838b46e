// Apart from the CSV's columns (task-csv-columns.ts): the table's header shows it from the first
// screen, which does not need the rest of the CSV's code.

/** "Started (location time)": the table's header says the same. */
export function startedHeader(zoneName: string): string {
  return `Started (${zoneName})`;
}
