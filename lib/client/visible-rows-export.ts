import { csvFileName, csvHead, csvRows } from "@/lib/csv/csv-format";
import { isoInZone } from "@/lib/time/zoned-iso";
import type { Task } from "./api-types";
import { COLUMN_LABELS, columnValue, UTC_COLUMN_LABEL, type CellValue, type ColumnId } from "./task-columns";
import type { TaskFilters, TimeWindow } from "./task-filters";

// "Export visible rows": what the table holds now, in its order and columns; no request at all.
// Loaded when a person first exports (export-controls.tsx), not with the tasks page.

/** The CSV's header for these columns: Started gains a UTC twin. */
export function visibleRowsHeader(columns: readonly ColumnId[]): string[] {
  const header: string[] = [];
  for (const column of columns) {
    header.push(COLUMN_LABELS[column]);
    if (column === "started_at") header.push(UTC_COLUMN_LABEL);
  }
  return header;
}

/** A task's CSV row under that header: Started with its offset, then in UTC. */
export function visibleRowCells(
  task: Task,
  columns: readonly ColumnId[],
  zoneOf: (task: Task) => string,
): CellValue[] {
  const row: CellValue[] = [];
  for (const column of columns) {
    if (column === "started_at") row.push(isoInZone(task.started_at, zoneOf(task)), task.started_at);
    else row.push(columnValue(task, column));
  }
  return row;
}

export function exportFileParts(filters: TaskFilters, window: TimeWindow): (string | undefined)[] {
  const span = `${window.from.toISOString().slice(0, 10)}--${window.to.toISOString().slice(0, 10)}`;
  return [filters.location_id, filters.mva, filters.vehicle_id, filters.task_type, span];
}

/**
 * Rows per slice of the file. Written in one go, 20,000 rows were one task of about 240 ms in
 * Chromium on this machine (bench:ui), with the tab frozen meanwhile; a slice of 1,000 is about a
 * twentieth of that.
 */
const SLICE_ROWS = 1_000;

/** The file's text in parts (for a Blob), written a slice at a time with a break for the browser between. */
export async function visibleRowsCsv(
  tasks: readonly Task[],
  columns: readonly ColumnId[],
  zoneOf: (task: Task) => string,
  pause: () => Promise<void> = yieldToBrowser,
): Promise<string[]> {
  const parts = [csvHead(visibleRowsHeader(columns))];
  for (let start = 0; start < tasks.length; start += SLICE_ROWS) {
    if (start > 0) await pause();
    const slice = tasks.slice(start, start + SLICE_ROWS);
    parts.push(csvRows(slice.map((task) => visibleRowCells(task, columns, zoneOf))));
  }
  return parts;
}

/** Lets the browser take input and paint: a new task at once, without setTimeout's 4 ms clamp. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

export function visibleRowsFileName(filters: TaskFilters, window: TimeWindow, now: Date): string {
  return csvFileName(["visible", ...exportFileParts(filters, window)], now);
}
