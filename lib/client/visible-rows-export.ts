import { csvFileName, csvHead, csvRows, exportFileName } from "@/lib/csv/csv-format";
import { taskCsv, type CsvZones } from "@/lib/task-format/task-csv-columns";
import { isoInZone } from "@/lib/time/zoned-iso";
import type { Task } from "./api-types";
import type { ColumnId } from "@/lib/task-format/task-columns";
import type { TaskFilters, TimeWindow } from "./task-filters";

// "Export visible rows" (and "Export selected", the picked ones of them): what the table holds now,
// in its row order, with its visible columns named and ordered as "export all matching" names and
// orders them; no request at all. Loaded when a person first exports (export-controls.tsx), not
// with the tasks page.

/** The list a file's name describes: its filters and its time window. */
export interface NamedList {
  filters: TaskFilters;
  window: TimeWindow;
  /**
   * The IANA zone the window's days are counted in (TaskListState's zone): the name gives the days
   * the person chose ("Yesterday" in Tokyo is Tokyo's day), not the UTC days the window touches.
   */
  zone: string;
}

/** Each end of the window as its date in the list's zone, then the filters. */
export function exportFileParts({ filters, window, zone }: NamedList): (string | undefined)[] {
  const day = (instant: Date) => isoInZone(instant, zone).slice(0, 10);
  const span = `${day(window.from)}--${day(window.to)}`;
  const list = (values: string[] | undefined) => values?.join("+");
  return [
    list(filters.status),
    list(filters.location_id),
    list(filters.mva),
    list(filters.vehicle_id),
    list(filters.task_type),
    span,
  ];
}

/**
 * Rows per slice of the file. Written in one go, a long list is one long task with the tab frozen
 * meanwhile; slices of this size keep each task well under a frame's budget (docs/benchmarks.md).
 */
const SLICE_ROWS = 1_000;

/** The file's text in parts (for a Blob), written a slice at a time with a break for the browser between. */
export async function visibleRowsCsv(
  tasks: readonly Task[],
  columns: readonly ColumnId[],
  zones: CsvZones,
  pause: () => Promise<void> = yieldToBrowser,
): Promise<string[]> {
  const csv = taskCsv(columns, zones);
  const parts = [csvHead(csv.header)];
  for (let start = 0; start < tasks.length; start += SLICE_ROWS) {
    if (start > 0) await pause();
    const slice = tasks.slice(start, start + SLICE_ROWS);
    parts.push(csvRows(slice.map(csv.cells)));
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

/** Which of the table's rows a file holds: every loaded row, or those selected. */
export type ShownRows = "visible" | "selected";

export function visibleRowsFileName(list: NamedList, now: Date, which: ShownRows = "visible"): string {
  return csvFileName([which, ...exportFileParts(list)], now);
}

/** "Export all matching": named as the visible rows are, by the list's own days, without "visible". */
export function allMatchingFileName(list: NamedList, now: Date, format: "csv" | "xlsx"): string {
  return exportFileName(exportFileParts(list), now, format);
}
