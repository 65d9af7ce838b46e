// CSV as spreadsheets read it safely: RFC 4180 quoting, CRLF rows, a UTF-8 byte order mark so
// Excel shows non-ASCII correctly, and formula injection neutralised. Shared by the export API
// (server) and "export visible rows" (browser), so both files are identical in form.

export const UTF8_BOM = "\uFEFF";
export const CSV_MEDIA_TYPE = "text/csv; charset=utf-8";

// A cell a spreadsheet would evaluate: = + - @ (or their full-width forms, which some input
// methods type) start a formula, also after what a spreadsheet may skip or not show (spaces, a
// no-break space, and every invisible format character: zero-width ones, the word joiner, the soft
// hyphen, direction marks); a leading tab or CR can hide one.
const FORMULA_START = /^[\s\p{Cf}]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/u;

/**
 * Text a spreadsheet would evaluate, with a quote mark before it; any other text as it is. The one
 * rule for every export: the CSV's cells here, and the XLSX's text cells (task-sheet-columns.ts).
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  // Numbers are data, not formulas; only text that a spreadsheet would evaluate gets a quote mark.
  const text = typeof value === "number" ? String(value) : neutraliseFormula(value);
  // Quoted also with a semicolon or a tab, which a spreadsheet set to split on them would otherwise
  // take for the end of the cell: the text after it, a new cell, is never checked for a formula.
  return /[",;\t\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A file's start: the byte order mark and the header row. */
export function csvHead(header: readonly string[]): string {
  return UTF8_BOM + csvRow(header);
}

/** Rows already in memory, one after another. */
export function csvRows(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  let text = "";
  for (const row of rows) text += csvRow(row);
  return text;
}

/** "tasks_LAX_oil_change_2026-11-01--2026-11-08_exported-2026-11-22T0315Z.csv" style names. */
export function csvFileName(
  parts: readonly (string | undefined)[],
  exportedAt: Date,
  subject = "tasks",
): string {
  return exportFileName(parts, exportedAt, "csv", subject);
}

/** The same name for a file of another type ("xlsx"), so both files of one list sort side by side. */
export function exportFileName(
  parts: readonly (string | undefined)[],
  exportedAt: Date,
  extension: "csv" | "xlsx",
  subject = "tasks",
): string {
  const stamp = exportedAt.toISOString().slice(0, 16).replace(/:/g, "");
  const words = [subject, ...parts.filter((part): part is string => Boolean(part)), `exported-${stamp}Z`];
  return `${words.map((word) => word.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "")).join("_")}.${extension}`;
}
