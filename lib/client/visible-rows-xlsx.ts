import type { components } from "@/contract/dashboard/api-types";
import { exportFileName } from "@/lib/csv/csv-format";
import type { ColumnId } from "@/lib/task-format/task-columns";
import type { Task } from "./api-types";
import { dashboardSend } from "./dashboard-api";
import { exportFileParts, type NamedList, type ShownRows } from "./visible-rows-export";

// "Export visible rows" (or "Export selected") as XLSX: the workbook is written by the server
// (POST /api/export/visible), so the page sends what it shows (those rows' ids in order, its
// columns, its zone) and holds no spreadsheet code. Loaded when a person first exports, as the
// CSV's writer is.

type VisibleRowsExport = components["schemas"]["VisibleRowsExport"];

/** The workbook of these rows; rejects with the server's refusal (DashboardApiError). */
export async function visibleRowsXlsx(
  tasks: readonly Task[],
  columns: readonly ColumnId[],
  /** "location", or the IANA zone the page shows times in. */
  zone: string,
  rows: ShownRows,
): Promise<Blob> {
  const body: VisibleRowsExport = { ids: tasks.map((task) => task.id), columns: [...columns], zone, rows };
  const response = await dashboardSend("/api/export/visible", "POST", body);
  return response.blob();
}

export function visibleRowsXlsxName(list: NamedList, now: Date, which: ShownRows = "visible"): string {
  return exportFileName([which, ...exportFileParts(list)], now, "xlsx");
}
