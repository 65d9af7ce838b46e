// Counts CSV records as a stream's bytes arrive: a line feed ends a record only outside quotes
// (names may hold quoted line breaks). The header line is not a row. Bytes, not text: the file is
// saved exactly as it arrived (decoding would drop its byte order mark), and the quote (0x22) and
// line feed (0x0A) are ASCII, which UTF-8 never uses inside a multi-byte character.

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

export interface CsvRowCounter {
  push(chunk: Uint8Array): void;
  readonly rows: number;
}

export function csvRowCounter(): CsvRowCounter {
  let quoted = false;
  let lines = 0;
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) lines += 1;
      }
    },
    get rows() {
      return Math.max(0, lines - 1);
    },
  };
}
