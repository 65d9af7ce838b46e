import type { components } from "@/contract/dashboard/api-types";
import { DAY_MS } from "@/contract/query/day";
import { neutraliseFormula } from "@/lib/csv/csv-format";
import { isoInZone } from "@/lib/time/zoned-iso";
import { startedHeader } from "./started-header";
import { COLUMN_LABELS, columnValue, type CellValue, type ColumnId } from "./task-columns";
import { locationTimeZones, taskCsv, type CsvZones } from "./task-csv-columns";
import { statusLabel, taskTypeLabel } from "./task-labels";

type Task = components["schemas"]["Task"];

// The XLSX exports' cells as data, apart from the library that writes the file (server-only):
// times as dates, odometers as numbers, codes by the names the page gives them, and text that a
// spreadsheet would evaluate neutralised by the CSV's one rule. "Export all matching" keeps the
// CSV's columns; "export visible rows" is the table as shown, a column per visible column.

/**
 * A time is the wall-clock time of its zone in a Date's UTC fields: an Excel date has no zone, and
 * shows what it holds, so it reads as the page showed it.
 */
export type SheetCell = string | number | Date | null;

export interface SheetColumn {
  header: string;
  kind: "text" | "date" | "number";
  /** In characters, as spreadsheets measure a column. */
  width: number;
  /** Its texts repeat down the column (all but the task's id): the workbook holds each once. */
  shared?: boolean;
}

export interface TaskSheet {
  columns: SheetColumn[];
  cells: (task: Task) => SheetCell[];
}

/** Wide enough for the column's usual values: a time to the second, a long task type, a VIN. */
const WIDTHS: Record<ColumnId, number> = {
  started_at: 20,
  task_type: 24,
  status: 12,
  mva: 12,
  vehicle_id: 14,
  vin: 20,
  location: 24,
  odometer_miles: 14,
  id: 16,
};

function sheetColumn(header: string, column: ColumnId): SheetColumn {
  const kind = column === "started_at" ? "date" : column === "odometer_miles" ? "number" : "text";
  // A header longer than its values still reads whole, bold as it is.
  return { header, kind, width: Math.max(WIDTHS[column], header.length + 3), shared: column !== "id" };
}

/** One value of a table column as the sheet holds it; a time is given as isoInZone writes it. */
export function sheetCell(column: ColumnId, value: CellValue): SheetCell {
  if (value === null) return null;
  if (column === "started_at") return wallClock(String(value));
  if (typeof value === "number") return value;
  if (column === "task_type") return neutraliseFormula(taskTypeLabel(value));
  if (column === "status") return neutraliseFormula(statusLabel(value));
  return neutraliseFormula(value);
}

/** "2026-11-20T00:31:35.951-08:00" (or "...Z") is 2026-11-20 00:31:35.951 on that zone's clock. */
function wallClock(iso: string): Date {
  return new Date(`${iso.slice(0, 23)}Z`);
}

/** "Export all matching": the CSV's columns, names and order, each value typed. */
export function allMatchingSheet(zones: CsvZones): TaskSheet {
  const csv = taskCsv(undefined, zones);
  const columnOf = (index: number) => csv.columns[index]!;
  return {
    columns: csv.header.map((header, index) => sheetColumn(header, columnOf(index))),
    cells: (task) => csv.cells(task).map((value, index) => sheetCell(columnOf(index), value)),
  };
}

const QUARTER_HOUR_MS = 900_000;

/**
 * A task's start on its zone's clock, with the zone's offset looked up once per zone and UTC day
 * where the offset holds all day, and once per quarter hour on a day it changes (offsets change
 * only on quarter hours): asking the zone database for each of 20,000 rows was most of a
 * workbook's cells' time.
 */
function wallClocks(): (instant: string, zone: string) => Date {
  const offsetAt = (ms: number, zone: string) => wallClock(isoInZone(new Date(ms), zone)).getTime() - ms;
  /** A day's one offset, or null where it changes that day. */
  const dayOffsets = new Map<string, number | null>();
  const quarterOffsets = new Map<string, number>();
  return (instant, zone) => {
    const ms = Date.parse(instant);
    const day = Math.floor(ms / DAY_MS) * DAY_MS;
    const dayKey = `${zone} ${day}`;
    let offset = dayOffsets.get(dayKey);
    if (offset === undefined) {
      const atStart = offsetAt(day, zone);
      offset = atStart === offsetAt(day + DAY_MS, zone) ? atStart : null;
      dayOffsets.set(dayKey, offset);
    }
    if (offset === null) {
      const quarter = Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
      const quarterKey = `${zone} ${quarter}`;
      offset = quarterOffsets.get(quarterKey) ?? offsetAt(quarter, zone);
      quarterOffsets.set(quarterKey, offset);
    }
    return new Date(ms + offset);
  };
}

/** "Export visible rows": the table's visible columns in its order, named as its header names them. */
export function visibleRowsSheet(
  shown: readonly ColumnId[],
  zones: Pick<CsvZones, "startedName" | "started">,
): TaskSheet {
  const onClock = wallClocks();
  return {
    columns: shown.map((column) =>
      sheetColumn(column === "started_at" ? startedHeader(zones.startedName) : COLUMN_LABELS[column], column),
    ),
    cells: (task) =>
      shown.map((column) =>
        column === "started_at"
          ? onClock(task.started_at, zones.started(task))
          : sheetCell(column, columnValue(task, column)),
      ),
  };
}

/**
 * A sheet as data: what an export's own thread builds the same sheet from (functions do not cross
 * threads). `zones` maps each location to its time zone.
 */
export type SheetRecipe =
  | { rows: "all matching"; zones: readonly (readonly [string, string])[] }
  | {
      rows: "shown";
      columns: readonly ColumnId[];
      /** "location" (each location's zone, from `zones`) or the IANA zone the page shows. */
      zone: string;
      zones?: readonly (readonly [string, string])[];
    };

export function sheetOfRecipe(recipe: SheetRecipe): TaskSheet {
  const zones = new Map(recipe.zones);
  if (recipe.rows === "all matching") return allMatchingSheet(locationTimeZones(zones));
  const { zone } = recipe;
  return visibleRowsSheet(
    recipe.columns,
    zone === "location" ? locationTimeZones(zones) : { startedName: zone, started: () => zone },
  );
}
