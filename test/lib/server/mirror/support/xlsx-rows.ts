// A workbook's "Tasks" sheet read back as a spreadsheet holds it, and what a CSV cell of the same
// export becomes there: the test's own reading of the XLSX rules, apart from the code that writes.
import ExcelJS from "exceljs";
import { statusLabel, taskTypeLabel } from "@/lib/task-format/task-labels";

export type SheetValue = string | number | Date | null;

/** Every row, the header first, each cell's value (an empty cell is null). */
export async function xlsxRows(bytes: Buffer): Promise<SheetValue[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Tasks");
  if (!sheet) throw new Error("the workbook has no Tasks sheet");
  const rows: SheetValue[][] = [];
  for (let row = 1; row <= sheet.rowCount; row += 1) {
    const cells: SheetValue[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1)
      cells.push(sheet.getRow(row).getCell(column).value as SheetValue);
    rows.push(cells);
  }
  return rows;
}

/** A CSV cell under this header as the workbook of the same export holds it. */
export function csvCellInSheet(header: string, text: string): SheetValue {
  if (text === "") return null;
  // "2026-11-20T00:31:35.951-08:00": the wall-clock time, as an Excel date holds it.
  if (header.startsWith("Started (")) return new Date(`${text.slice(0, 23)}Z`);
  if (header === "Odometer (mi)") return Number(text);
  if (header === "Task type") return taskTypeLabel(text);
  if (header === "Status") return statusLabel(text);
  return text;
}
