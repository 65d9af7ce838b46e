import "server-only";
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { TaskSheet } from "@/lib/task-format/task-sheet-columns";
import { dashboardLogger } from "../log";
import type { Task } from "../upstream";

// An XLSX download written as its rows arrive: exceljs's streaming writer zips each row as it is
// committed, so memory holds a batch of tasks and the bytes the browser has not read yet, never
// the workbook. Cancelling the download stops the reading of rows.

export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const NUMBER_FORMATS = { date: "yyyy-mm-dd hh:mm:ss", number: "#,##0" } as const;

/** Unread bytes beyond which the writer waits for the browser: a slow download buffers no more. */
const UNREAD_BYTES = 1 << 20;

/** A sheet's columns and its rows in batches, known once the rows' source is opened. */
export interface SheetRows {
  sheet: TaskSheet;
  batches: AsyncGenerator<Task[], void, undefined>;
}

export function xlsxStream(open: (signal: AbortSignal) => Promise<SheetRows>): ReadableStream<Uint8Array> {
  const output = new PassThrough({ highWaterMark: UNREAD_BYTES });
  const controller = new AbortController();
  // The browser gone (its stream cancelled destroys this one) or the file complete: either way
  // nothing more is to be read.
  output.once("close", () => controller.abort());
  open(controller.signal)
    .then((rows) => writeWorkbook(rows, output, controller.signal))
    .catch((error: unknown) => {
      if (controller.signal.aborted) {
        dashboardLogger().debug({ err: error }, "xlsx export cancelled; its end failed");
        return;
      }
      // After the first byte an answer cannot change its status: the download ends short instead.
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

async function writeWorkbook(
  { sheet, batches }: SheetRows,
  output: PassThrough,
  signal: AbortSignal,
): Promise<void> {
  // Inline strings rather than a shared table: the table would be held whole until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet("Tasks", { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: column.kind === "text" ? {} : { numFmt: NUMBER_FORMATS[column.kind] },
  }));
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  try {
    for await (const batch of batches) {
      signal.throwIfAborted();
      for (const task of batch) worksheet.addRow(sheet.cells(task)).commit();
      await readSoFar(output, signal);
    }
  } finally {
    await batches.return(undefined);
  }
  worksheet.commit();
  await workbook.commit();
}

/** Waits while the browser has more than UNREAD_BYTES to read. */
async function readSoFar(output: PassThrough, signal: AbortSignal): Promise<void> {
  while (output.readableLength > UNREAD_BYTES) await once(output, "data", { signal });
}
