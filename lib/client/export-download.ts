import { UTC_COLUMN_LABEL } from "@/lib/task-format/task-csv-columns";
import { csvRowCounter } from "./csv-row-counter";
import { dashboardFetch } from "./dashboard-api";
import { saveFile } from "./save-file";

// The work of "export all matching", loaded when a person first asks for an export rather than
// with the tasks page (use-export-all.ts): streams /api/export, reports rows as they complete,
// and saves the file as it arrived.

export interface RowsSoFar {
  rows: number;
  /** The latest complete row's start time in UTC. */
  lastStartedAt: string | undefined;
}

export type ExportFormat = "csv" | "xlsx";

const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Resolves with the saved file's name and row count (a workbook's rows are not counted: it is a
 * zip archive until it is whole); rejects as dashboardFetch does, or on abort.
 */
export async function downloadExport(
  query: URLSearchParams,
  signal: AbortSignal,
  onRows: (progress: RowsSoFar) => void,
  format: ExportFormat = "csv",
  /** The page's name for the file; else the one the server gives it (days in UTC). */
  chosenName?: string,
): Promise<{ fileName: string; rows: number | undefined }> {
  if (format === "xlsx") return downloadWorkbook(query, signal, chosenName);
  const counter = csvRowCounter(UTC_COLUMN_LABEL);
  const response = await dashboardFetch(`/api/export?${query.toString()}`, signal, { accept: "text/csv" });
  // The bytes are kept as they arrive, never decoded: a TextDecoder (or TextDecoderStream) drops
  // the byte order mark the file starts with, and Excel needs it for non-ASCII text.
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let reported = 0;
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
    chunks.push(next.value);
    counter.push(next.value);
    if (counter.rows > reported) {
      reported = counter.rows;
      onRows({ rows: counter.rows, lastStartedAt: counter.lastCell });
    }
  }
  const fileName = chosenName ?? fileNameOf(response);
  saveFile(new Blob(chunks, { type: "text/csv;charset=utf-8" }), fileName);
  return { fileName, rows: counter.rows };
}

async function downloadWorkbook(
  query: URLSearchParams,
  signal: AbortSignal,
  chosenName: string | undefined,
): Promise<{ fileName: string; rows: undefined }> {
  const asked = new URLSearchParams(query);
  asked.set("format", "xlsx");
  const response = await dashboardFetch(`/api/export?${asked.toString()}`, signal, {
    accept: XLSX_MEDIA_TYPE,
  });
  const blob = await response.blob();
  const fileName = chosenName ?? fileNameOf(response, "tasks.xlsx");
  saveFile(blob, fileName);
  return { fileName, rows: undefined };
}

function fileNameOf(response: Response, otherwise = "tasks.csv"): string {
  return /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? otherwise;
}
