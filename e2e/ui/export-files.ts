// The tasks page's exports as a spreadsheet reads them: the file a click downloads, and a workbook
// of the rows the table shows (export visible or selected) held against the table.
import { readFile } from "node:fs/promises";
import { expect, type Download, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { neutraliseFormula } from "@/lib/csv/csv-format";

export async function downloaded(
  page: Page,
  action: () => Promise<void>,
): Promise<{ file: Download; bytes: Buffer; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), action()]);
  const bytes = await readFile(await file.path());
  return { file, bytes, text: bytes.toString("utf8") };
}

/** The workbook's one sheet, "Tasks". */
export async function tasksSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Tasks");
  expect(sheet, "the sheet Tasks").toBeDefined();
  return sheet!;
}

/**
 * Each row's cells in the sheet (from its second row on) are what the table shows in them:
 * `shown[row][column]` is a cell's text, in the order of `labels`, the table's headers.
 */
export function expectSheetShows(sheet: ExcelJS.Worksheet, labels: readonly string[], shown: string[][]) {
  shown.forEach((texts, row) => {
    labels.forEach((label, column) => {
      const text = texts[column] ?? "";
      const cell = sheet.getRow(row + 2).getCell(column + 1).value;
      const at = `${label}, row ${row + 1}`;
      if (label === "Started (location time)") {
        // "2026-11-20 02:31 UTC-06:00" on the page; the same wall-clock minute in the file.
        expect(cell, at).toBeInstanceOf(Date);
        expect((cell as Date).toISOString().slice(0, 16).replace("T", " "), at).toBe(text.slice(0, 16));
      } else if (label === "Odometer (mi)") {
        expect(cell, at).toBe(Number(text.replace(/,/g, "")));
      } else if (label === "Status") {
        // The badge is lower-case by design; the file has the status's name.
        expect(typeof cell === "string" ? cell.toLowerCase() : cell, at).toBe(text);
      } else if (text === "") {
        // Nothing shown (a vehicle of unknown VIN): an empty cell.
        expect(cell, at).toBeNull();
      } else {
        // Text as shown, a formula a spreadsheet would run neutralised as in the CSV (the hostile task).
        expect(cell, at).toBe(neutraliseFormula(text));
      }
    });
  });
}
