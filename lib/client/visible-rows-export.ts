import { csvFileName, toCsv } from "@/lib/csv/csv-format";
import type { Task } from "./api-types";
import { visibleRowsTable, type ColumnId } from "./task-columns";
import type { TaskFilters, TimeWindow } from "./task-filters";

// "Export visible rows": what the table holds now, in its order and columns; no request at all.

export function exportFileParts(filters: TaskFilters, window: TimeWindow): (string | undefined)[] {
  const span = `${window.from.toISOString().slice(0, 10)}--${window.to.toISOString().slice(0, 10)}`;
  return [filters.location_id, filters.mva, filters.vehicle_id, filters.task_type, span];
}

export function visibleRowsCsv(
  tasks: readonly Task[],
  columns: readonly ColumnId[],
  zoneOf: (task: Task) => string,
): string {
  const { header, rows } = visibleRowsTable(tasks, columns, zoneOf);
  return toCsv(header, rows);
}

export function visibleRowsFileName(filters: TaskFilters, window: TimeWindow, now: Date): string {
  return csvFileName(["visible", ...exportFileParts(filters, window)], now);
}
