import "server-only";
import { packageParts, SHARED_STRINGS_PATH, SHEET_PATH } from "./package-parts";
import { SheetXml, type XlsxCell, type XlsxColumn } from "./sheet-xml";
import { ZipWriter } from "./zip-writer";

// A one-sheet XLSX workbook as a sequence of bytes, written as its rows arrive: the small parts
// first, then the sheet zipped as it goes, then the ZIP's directory. It asks for the next rows only
// when its reader has taken what it had, so it holds a batch of rows and a chunk of XML, never
// the workbook.

export interface XlsxSheet {
  /** Excel's rules apply: 1 to 31 characters, none of : \ / ? * [ ]. */
  name: string;
  columns: readonly XlsxColumn[];
  /** The rows under the header, in batches of any size; a row has a cell per column. */
  rows: AsyncIterable<readonly (readonly XlsxCell[])[]>;
}

export interface XlsxOptions {
  /** The archive's entries' time; now by default. */
  modified?: Date;
  /**
   * zlib's level for the sheet. 1 spends a fraction of the default 6's time on a typical export, for
   * a somewhat larger file: the wait matters more than the bytes here (docs/benchmarks.md).
   */
  level?: number;
}

/** Rows zipped at once: a good stretch of text for each deflate call, far below what a download may hold unread. */
const ROWS_PER_CHUNK = 256;

export async function* xlsxBytes(sheet: XlsxSheet, options: XlsxOptions = {}): AsyncGenerator<Buffer> {
  // Checked before the first byte, so a wrong name is an error answer, not a broken download.
  const parts = packageParts(sheet.name);
  const xml = new SheetXml(sheet.columns);
  const zip = new ZipWriter(options.modified ?? new Date());
  for (const [path, content] of parts) yield zip.whole(path, content);
  yield* zip.streamed(SHEET_PATH, sheetChunks(xml, sheet.rows), options.level ?? 1);
  // After the sheet, which is what fills it; a reader finds every part by the ZIP's directory.
  yield zip.whole(SHARED_STRINGS_PATH, xml.sharedStrings());
  yield zip.end();
}

async function* sheetChunks(
  xml: SheetXml,
  rows: AsyncIterable<readonly (readonly XlsxCell[])[]>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(xml.start(), "utf8");
  for await (const batch of rows)
    for (let start = 0; start < batch.length; start += ROWS_PER_CHUNK)
      yield Buffer.from(xml.rows(batch.slice(start, start + ROWS_PER_CHUNK)), "utf8");
  yield Buffer.from(xml.end(), "utf8");
}
