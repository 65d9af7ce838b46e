import "server-only";

// The JSON of a page's rows, kept as UTF-8 bytes per slice of the cached upstream page they came
// from: a cached page is served many times (every person opening the default view), and turning
// its 100 rows into JSON was the largest part of a cache hit's own work. Kept as bytes rather than
// text, an answer is a copy of them (which Response copies once more): joining kept text, building
// the answer around it and encoding the whole took 55-75 µs of a 37 kB page against 18 µs, with
// about 185 kB of garbage against 75 kB. The bytes live as long as the upstream page's array (a
// WeakMap on it), so a refreshed or evicted page takes them along.

export interface RowSlice {
  source: readonly unknown[];
  start: number;
  end: number;
}

const sliceBytes = new WeakMap<readonly unknown[], Map<string, Buffer<ArrayBuffer>>>();
const slicesOfPage = new WeakMap<readonly unknown[], readonly RowSlice[]>();
const COMMA = Buffer.from(",");

/** Notes that `rows` is exactly these slices, in order (page-slicer.ts). */
export function noteRowSlices(rows: readonly unknown[], slices: readonly RowSlice[]): void {
  slicesOfPage.set(rows, slices);
}

/**
 * The UTF-8 bytes of `before + JSON.stringify(rows) + after`, from the slices' kept bytes when
 * `rows` was noted.
 */
export function jsonAroundRows(before: string, rows: readonly unknown[], after: string): Buffer<ArrayBuffer> {
  const slices = slicesOfPage.get(rows);
  if (!slices) return Buffer.from(before + JSON.stringify(rows) + after);
  const parts = [Buffer.from(`${before}[`)];
  for (const slice of slices) {
    if (slice.end <= slice.start) continue;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(bytesOf(slice));
  }
  parts.push(Buffer.from(`]${after}`));
  return Buffer.concat(parts);
}

/** The slice's rows as JSON, without the brackets. */
function bytesOf({ source, start, end }: RowSlice): Buffer<ArrayBuffer> {
  let kept = sliceBytes.get(source);
  if (!kept) sliceBytes.set(source, (kept = new Map<string, Buffer<ArrayBuffer>>()));
  const key = `${start}:${end}`;
  let bytes = kept.get(key);
  if (bytes === undefined) {
    bytes = unpooledBytes(JSON.stringify(source.slice(start, end)).slice(1, -1));
    kept.set(key, bytes);
  }
  return bytes;
}

/**
 * Buffer.from puts text under 4 kB into a shared 8 kB slab, which a kept slice would hold for as
 * long as its page is cached; kept bytes get memory of their own.
 */
function unpooledBytes(text: string): Buffer<ArrayBuffer> {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
