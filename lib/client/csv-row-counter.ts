// Follows a CSV stream as its bytes arrive: how many records are complete, and one column's text in
// the latest complete record (the export's start time, which tells how far through the time window
// the rows are). A line feed ends a record only outside quotes (names may hold quoted line breaks);
// the header line is not a row. Bytes, not text: the file is saved exactly as it arrived (decoding
// would drop its byte order mark), and the quote (0x22), comma (0x2C) and line feed (0x0A) are
// ASCII, which UTF-8 never uses inside a multi-byte character.

const QUOTE = 0x22;
const COMMA = 0x2c;
const LINE_FEED = 0x0a;

export interface CsvRowCounter {
  push(chunk: Uint8Array): void;
  readonly rows: number;
  /** The watched column's text in the latest complete row; undefined before one, or without it. */
  readonly lastCell: string | undefined;
}

/** A record's cells; RFC 4180 quoting, the line break already removed. */
function cellsOf(record: string): string[] {
  const cells: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index <= record.length; index += 1) {
    const char = record[index];
    if (char === '"') quoted = !quoted;
    else if (char === undefined || (char === "," && !quoted)) {
      cells.push(unquote(record.slice(start, index)));
      start = index + 1;
    }
  }
  return cells;
}

function unquote(cell: string): string {
  return cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
}

/** The text of bytes gathered across chunks, without a byte order mark or a record's CR. */
function textOf(bytes: number[]): string {
  return new TextDecoder().decode(Uint8Array.from(bytes)).replace(/\r$/, "");
}

export function csvRowCounter(watchedColumn?: string): CsvRowCounter {
  let quoted = false;
  let lines = 0;
  let cellIndex = 0;
  let watchedIndex: number | undefined;
  // The header's bytes until it ends, then the watched cell's bytes of the current record.
  let gathered: number[] = [];
  let lastCell: string | undefined;

  function endRecord() {
    if (lines === 0) {
      const index = watchedColumn === undefined ? -1 : cellsOf(textOf(gathered)).indexOf(watchedColumn);
      watchedIndex = index >= 0 ? index : undefined;
    } else if (watchedIndex !== undefined && cellIndex >= watchedIndex) {
      lastCell = unquote(textOf(gathered));
    }
    lines += 1;
    cellIndex = 0;
    gathered = [];
  }

  return {
    push(chunk) {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) {
          endRecord();
          continue;
        } else if (byte === COMMA && !quoted && lines > 0) {
          cellIndex += 1;
          continue;
        }
        if (lines === 0 || cellIndex === watchedIndex) gathered.push(byte);
      }
    },
    get rows() {
      return Math.max(0, lines - 1);
    },
    get lastCell() {
      return lastCell;
    },
  };
}
