// Counts CSV records as a stream arrives in chunks: a CRLF ends a record only outside quotes
// (names may hold quoted line breaks). The header line is not a row.

export interface CsvRowCounter {
  push(chunk: string): void;
  readonly rows: number;
}

export function csvRowCounter(): CsvRowCounter {
  let quoted = false;
  let lines = 0;
  return {
    push(chunk) {
      for (let index = 0; index < chunk.length; index += 1) {
        const char = chunk.charCodeAt(index);
        if (char === 34) quoted = !quoted;
        else if (char === 10 && !quoted) lines += 1;
      }
    },
    get rows() {
      return Math.max(0, lines - 1);
    },
  };
}
