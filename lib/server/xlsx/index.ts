// Writing XLSX workbooks on the server: one sheet, streamed and zipped as its rows arrive.
export { xlsxBytes, type XlsxSheet } from "./workbook";
export { SHEET_DATA_ROWS_MAX, type XlsxCell, type XlsxColumn } from "./sheet-xml";
export { ZipTooLargeError } from "./zip-writer";
