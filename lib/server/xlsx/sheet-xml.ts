import "server-only";
import { DAY_MS } from "@/contract/query/day";
import { MAIN_NAMESPACE, OFFICE_RELATIONSHIPS, STYLE, XML_DECLARATION } from "./package-parts";
import { xmlText } from "./xml-text";

// A worksheet's XML (ECMA-376 part 1, 18.3), written in pieces: its opening with the frozen
// header row and the columns' widths, then rows as they come, then its end. Text is written inline
// in each cell, except in a column whose values repeat (a type, a place, a vehicle): each of its
// texts goes once into the workbook's shared strings (18.4), which are held until the sheet ends,
// and its cells refer to it by number. The sheet is then much smaller, and so quicker to write and
// to zip (docs/benchmarks.md has the figures). Times are Excel serial numbers with a date format;
// numbers are numbers.

/** A cell's value; a Date shows the wall-clock time in its UTC fields (an Excel date has no zone). */
export type XlsxCell = string | number | Date | null;

export interface XlsxColumn {
  header: string;
  /** How its values show: a date format, a number with thousands separators, or as they are. */
  kind: "text" | "date" | "number";
  /** In characters, as spreadsheets measure a column. */
  width: number;
  /** Its texts repeat down the column: each is written once, in the shared strings. */
  shared?: boolean;
}

/** Excel's limits: a sheet larger than this opens cut off, so it is refused instead. */
const MAX_ROWS = 1_048_576;
/** The rows a sheet holds below its header row. */
export const SHEET_DATA_ROWS_MAX = MAX_ROWS - 1;
const MAX_COLUMNS = 16_384;

/**
 * Distinct shared texts held at most: past it, a new text is written inline, so a column that
 * repeats less than its kind promised (a million distinct names) cannot hold the export's memory.
 */
export const MAX_SHARED_STRINGS = 100_000;

/** 1970-01-01 as an Excel serial day. */
const UNIX_EPOCH_SERIAL = 25_569;
/**
 * 1900-03-01: before it Excel's serials are a day off (it counts a 29 February 1900), and before
 * 1900 there are none; such a time is written as its text.
 */
const FIRST_TRUE_SERIAL = 61;

/** "A" for 0, "Z" for 25, "AA" for 26: a column's name in a cell reference. */
export function columnName(index: number): string {
  let name = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** Space, tab, line feed, carriage return: what an XML reader may drop at a text's ends. */
const isXmlSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** The most characters Excel holds in a cell: a longer text makes it repair the file on opening. */
export const CELL_TEXT_MAX = 32_767;

/** `text` within CELL_TEXT_MAX: cut, never between a surrogate pair's halves, and ending in "…". */
function withinCellLimit(text: string): string {
  if (text.length <= CELL_TEXT_MAX) return text;
  let end = CELL_TEXT_MAX - 1;
  if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** A text element's content and attributes, or undefined for an empty text (no cell at all). */
function textElement(text: string): string | undefined {
  const xml = xmlText(withinCellLimit(text));
  if (xml === "") return undefined;
  const kept = isXmlSpace(xml.charCodeAt(0)) || isXmlSpace(xml.charCodeAt(xml.length - 1));
  return kept ? `<t xml:space="preserve">${xml}</t>` : `<t>${xml}</t>`;
}

function textCell(reference: string, text: string, style: string): string {
  const element = textElement(text);
  return element === undefined ? "" : `<c r="${reference}"${style} t="inlineStr"><is>${element}</is></c>`;
}

/** The workbook's shared strings: each text once, by the number its cells refer to it. */
class SharedStrings {
  /** Each text's number, or null for an empty one (no cell). */
  readonly #numbers = new Map<string, number | null>();
  readonly #items: string[] = [];
  #references = 0;

  /** The cell, or undefined when the table is full and the text new to it. */
  cell(reference: string, text: string): string | undefined {
    let number = this.#numbers.get(text);
    if (number === undefined) {
      if (this.#items.length === MAX_SHARED_STRINGS) return undefined;
      const element = textElement(text);
      number = element === undefined ? null : this.#items.push(`<si>${element}</si>`) - 1;
      this.#numbers.set(text, number);
    }
    if (number === null) return "";
    this.#references += 1;
    return `<c r="${reference}" t="s"><v>${number}</v></c>`;
  }

  xml(): string {
    const counts = `count="${this.#references}" uniqueCount="${this.#items.length}"`;
    return `${XML_DECLARATION}<sst xmlns="${MAIN_NAMESPACE}" ${counts}>${this.#items.join("")}</sst>`;
  }
}

function dateCell(reference: string, date: Date): string {
  const serial = date.getTime() / DAY_MS + UNIX_EPOCH_SERIAL;
  if (Number.isNaN(serial)) return "";
  if (serial < FIRST_TRUE_SERIAL) return textCell(reference, date.toISOString().slice(0, 23), "");
  return `<c r="${reference}" s="${STYLE.date}"><v>${serial}</v></c>`;
}

export class SheetXml {
  readonly #columns: readonly XlsxColumn[];
  readonly #names: readonly string[];
  /** Each column's style attribute for a number in it. */
  readonly #numberStyles: readonly string[];
  readonly #shared = new SharedStrings();
  #rows = 0;

  constructor(columns: readonly XlsxColumn[]) {
    if (columns.length === 0 || columns.length > MAX_COLUMNS)
      throw new Error(`A sheet has 1 to ${MAX_COLUMNS} columns, not ${columns.length}.`);
    this.#columns = columns;
    this.#names = columns.map((_, index) => columnName(index));
    this.#numberStyles = columns.map((column) => (column.kind === "number" ? ` s="${STYLE.number}"` : ""));
  }

  /** The worksheet up to its header row, which is bold and stays in view while scrolling. */
  start(): string {
    const cols = this.#columns
      .map((column, index) => {
        const style = column.kind === "text" ? "" : ` style="${STYLE[column.kind]}"`;
        return `<col min="${index + 1}" max="${index + 1}" width="${Math.min(Math.max(column.width, 1), 255)}"${style} customWidth="1"/>`;
      })
      .join("");
    const header = this.#row(
      this.#columns.map((column) => column.header),
      ` s="${STYLE.header}"`,
    );
    return (
      `${XML_DECLARATION}<worksheet xmlns="${MAIN_NAMESPACE}" xmlns:r="${OFFICE_RELATIONSHIPS}">` +
      '<sheetViews><sheetView tabSelected="1" workbookViewId="0">' +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
      "</sheetView></sheetViews>" +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${header}`
    );
  }

  /** Rows after those written so far; a row has a cell per column, null for an empty one. */
  rows(rows: readonly (readonly XlsxCell[])[]): string {
    // Joined once, not appended row by row: the text is then one flat string, which encodes as
    // UTF-8 much faster than a chain of appended pieces.
    return rows.map((row) => this.#row(row, "")).join("");
  }

  end(): string {
    return "</sheetData></worksheet>";
  }

  /** The shared strings part, once the last row is written. */
  sharedStrings(): string {
    return this.#shared.xml();
  }

  #row(cells: readonly XlsxCell[], textStyle: string): string {
    if (this.#rows === MAX_ROWS) throw new Error(`A sheet holds at most ${MAX_ROWS} rows.`);
    const number = ++this.#rows;
    let xml = `<row r="${number}">`;
    for (let index = 0; index < this.#names.length; index += 1) {
      const value = cells[index];
      if (value === null || value === undefined) continue;
      const reference = `${this.#names[index]}${number}`;
      if (typeof value === "string") xml += this.#textCell(index, reference, value, textStyle);
      else if (typeof value === "number") {
        if (Number.isFinite(value))
          xml += `<c r="${reference}"${this.#numberStyles[index]}><v>${value}</v></c>`;
      } else xml += dateCell(reference, value);
    }
    return `${xml}</row>`;
  }

  /** A shared column's text by its number (the header, styled, stays inline), else inline. */
  #textCell(index: number, reference: string, text: string, style: string): string {
    const shared =
      style === "" && this.#columns[index]!.shared ? this.#shared.cell(reference, text) : undefined;
    return shared ?? textCell(reference, text, style);
  }
}
