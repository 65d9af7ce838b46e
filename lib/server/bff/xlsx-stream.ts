import "server-only";
import type { TaskSheet } from "@/lib/task-format/task-sheet-columns";
import type { Task } from "../upstream";
import { xlsxBytes, type XlsxCell } from "../xlsx";
import { pulledDownload } from "./pulled-download";

// An XLSX download written as its rows arrive: each batch of tasks becomes rows of the sheet,
// zipped as they go, so memory holds a batch of tasks and the bytes the browser has not read yet,
// never the workbook. Cancelling the download stops the reading of rows.

export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Unread bytes beyond which the writer waits for the browser: a slow download buffers no more. */
const UNREAD_BYTES = 1 << 20;

/** A sheet's columns and its rows in batches, known once the rows' source is opened. */
export interface SheetRows {
  sheet: TaskSheet;
  batches: AsyncGenerator<Task[], void, undefined>;
}

export function xlsxStream(open: (signal: AbortSignal) => Promise<SheetRows>): ReadableStream<Uint8Array> {
  // The abort ends the rows' reading at its next batch.
  return pulledDownload("xlsx export", (signal) => workbookChunks(open, signal), UNREAD_BYTES);
}

async function* workbookChunks(
  open: (signal: AbortSignal) => Promise<SheetRows>,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array, void, undefined> {
  const { sheet, batches } = await open(signal);
  async function* rows(): AsyncGenerator<XlsxCell[][], void, undefined> {
    for await (const batch of batches) {
      signal.throwIfAborted();
      yield batch.map((task) => sheet.cells(task));
    }
  }
  try {
    yield* xlsxBytes({ name: "Tasks", columns: sheet.columns, rows: rows() });
  } finally {
    // Also when the download ends before its first row was asked for: the source is closed either way.
    await batches.return(undefined);
  }
}
