import "server-only";

// The JSON text of a page's rows, kept per slice of the cached upstream page they came from: a
// cached page is served many times (every person opening the default view), and turning its 100
// rows into JSON was the largest part of a cache hit's own work. The text lives as long as the
// upstream page's array (a WeakMap on it), so a refreshed or evicted page takes its text along.

export interface RowSlice {
  source: readonly unknown[];
  start: number;
  end: number;
}

const sliceTexts = new WeakMap<readonly unknown[], Map<string, string>>();
const slicesOfPage = new WeakMap<readonly unknown[], readonly RowSlice[]>();

/** Notes that `rows` is exactly these slices, in order (page-slicer.ts). */
export function noteRowSlices(rows: readonly unknown[], slices: readonly RowSlice[]): void {
  slicesOfPage.set(rows, slices);
}

/** JSON.stringify(rows), from the slices' kept text when `rows` was noted. */
export function rowsJson(rows: readonly unknown[]): string {
  const slices = slicesOfPage.get(rows);
  if (!slices) return JSON.stringify(rows);
  const parts = slices.filter((slice) => slice.end > slice.start).map(sliceText);
  return `[${parts.join(",")}]`;
}

/** The slice's rows as JSON, without the brackets. */
function sliceText({ source, start, end }: RowSlice): string {
  let texts = sliceTexts.get(source);
  if (!texts) sliceTexts.set(source, (texts = new Map<string, string>()));
  const key = `${start}:${end}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = JSON.stringify(source.slice(start, end)).slice(1, -1);
    texts.set(key, text);
  }
  return text;
}
