// Writing XLSX workbooks on the server: one sheet, streamed and zipped as its rows arrive.
export { xlsxBytes, type XlsxSheet } from "./workbook";
export type { XlsxCell, XlsxColumn } from "./sheet-xml";
export { ZipTooLargeError } from "./zip-writer";
