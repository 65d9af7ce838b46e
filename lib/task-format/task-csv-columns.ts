import type { components } from "@/contract/dashboard/api-types";
import { COLUMN_IDS, COLUMN_LABELS, type CellValue, type ColumnId } from "./task-columns";
import { isoInZone } from "@/lib/time/zoned-iso";
import { startedHeader } from "./started-header";

type Task = components["schemas"]["Task"];

// The one list of CSV columns: "export all matching" (the server) writes all of it, "export visible
// rows" (the browser) the table's visible columns. Both use its names and its order, whatever
// order the table shows, so two files of the same tasks line up column for column. Started is
// written twice, in a named zone (with its offset) and in UTC; a location brings its id and zone.

export interface CsvZones {
  /** How headers name the zone Started is written in: "location time", an IANA zone, or "UTC". */
  startedName: string;
  /** The zone a task's start is written in. */
  started: (task: Task) => string;
  /** The zone of the task's location, when known. */
  location: (task: Task) => string | undefined;
}

interface CsvColumn {
  /** The table's column it belongs to: shown or hidden with it. */
  column: ColumnId;
  header: (zones: CsvZones) => string;
  value: (task: Task, zones: CsvZones) => CellValue;
  /** Left out when it would repeat another column (Started in UTC, twice). */
  skip?: (zones: CsvZones) => boolean;
}

export const UTC_COLUMN_LABEL = "Started (UTC)";

/** "Export all matching": each start in its location's time (UTC where the zone is unknown). */
export function locationTimeZones(zones: ReadonlyMap<string, string>): CsvZones {
  const locationZone = (task: Task) => zones.get(task.location.id);
  return {
    startedName: "location time",
    started: (task) => locationZone(task) ?? "UTC",
    location: locationZone,
  };
}

const label = (column: Exclude<ColumnId, "started_at" | "location">): CsvColumn => ({
  column,
  header: () => COLUMN_LABELS[column],
  value: (task) => task[column],
});

const CSV_COLUMNS: readonly CsvColumn[] = [
  label("id"),
  {
    column: "started_at",
    header: (zones) => startedHeader(zones.startedName),
    value: (task, zones) => isoInZone(task.started_at, zones.started(task)),
    skip: (zones) => zones.startedName === "UTC",
  },
  { column: "started_at", header: () => UTC_COLUMN_LABEL, value: (task) => task.started_at },
  label("task_type"),
  label("status"),
  label("mva"),
  label("vehicle_id"),
  label("vin"),
  { column: "location", header: () => "Location ID", value: (task) => task.location.id },
  { column: "location", header: () => COLUMN_LABELS.location, value: (task) => task.location.name },
  { column: "location", header: () => "Time zone", value: (task, zones) => zones.location(task) ?? null },
  label("odometer_miles"),
];

/** The header and a task's cells for these table columns (all of them by default). */
export function taskCsv(
  shown: readonly ColumnId[] = COLUMN_IDS,
  zones: CsvZones,
): { header: string[]; columns: ColumnId[]; cells: (task: Task) => CellValue[] } {
  const columns = CSV_COLUMNS.filter((csv) => shown.includes(csv.column) && !csv.skip?.(zones));
  return {
    header: columns.map((csv) => csv.header(zones)),
    // The table column each file column belongs to: what kind of value it holds (a time, a number).
    columns: columns.map((csv) => csv.column),
    cells: (task) => columns.map((csv) => csv.value(task, zones)),
  };
}
