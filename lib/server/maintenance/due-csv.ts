import { csvHead, csvRows } from "@/lib/csv/csv-format";
import type { SeenDueRow } from "./read-maintenance";

// The due list as a spreadsheet: one row per vehicle and program, instants in UTC (ISO 8601, as the
// API sends them), raw codes for the program and state so a filter in the sheet matches the URL's.

const COLUMNS: readonly [string, (row: SeenDueRow) => string | number | null][] = [
  ["MVA", (row) => row.mva],
  ["Vehicle ID", (row) => row.vehicle_id],
  ["VIN", (row) => row.vin],
  ["Program", (row) => row.task_type],
  ["State", (row) => row.state],
  ["Due (UTC)", (row) => row.due_at],
  ["Due by", (row) => row.due_by],
  ["Due odometer", (row) => row.due_odometer],
  ["Overdue days", (row) => row.overdue_days],
  ["Overdue miles", (row) => row.overdue_miles],
  ["Projected odometer", (row) => row.projected_odometer],
  ["Miles per day", (row) => row.miles_per_day],
  ["Last done (UTC)", (row) => row.last_done.at],
  ["Last done task", (row) => row.last_done.task_id],
  ["Last done odometer", (row) => row.last_done.odometer_miles],
  ["Last done at", (row) => row.last_done.location_name],
  ["Booked (UTC)", (row) => row.booked?.at ?? null],
  ["Booked task", (row) => row.booked?.task_id ?? null],
  ["Last location", (row) => row.last_location?.name ?? null],
  ["Last location ID", (row) => row.last_location?.id ?? null],
];

export function dueCsv(rows: readonly SeenDueRow[]): string {
  return (
    csvHead(COLUMNS.map(([name]) => name)) +
    csvRows(rows.map((row) => COLUMNS.map(([, value]) => value(row))))
  );
}
