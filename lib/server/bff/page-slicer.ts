import "server-only";
import type { DashboardCursorCodec, PagePosition } from "../dashboard-cursor";
import type { StaleReason } from "./upstream-failure";

// Serves the dashboard's small pages out of the upstream's full pages (always 500 rows), so one
// upstream call feeds several screens, and writes a page's JSON from the bytes kept per slice of
// the cached upstream page. Rows are never reordered or filtered here.

export interface UpstreamPage<Row> {
  data: Row[];
  next_cursor: string | null;
  /** When the rows were fetched from the service (ms since epoch), for staleness reporting. */
  fetchedAt: number;
  stale: boolean;
  staleBecause?: StaleReason;
}

export interface SlicedPage<Row> {
  data: Row[];
  next_cursor: string | null;
  /** The oldest fetch time among the upstream pages used. */
  fetchedAt: number;
  stale: boolean;
  /** Why the first stale upstream page used was stale. */
  staleBecause?: StaleReason;
}

export async function slicePage<Row>(options: {
  cursor: string | undefined;
  limit: number;
  binding: string;
  codec: DashboardCursorCodec;
  loadUpstreamPage: (upstreamCursor: string | null) => Promise<UpstreamPage<Row>>;
}): Promise<SlicedPage<Row>> {
  const { limit, binding, codec } = options;
  let position: PagePosition | null = options.cursor
    ? codec.decode(options.cursor, binding)
    : { upstreamCursor: null, offset: 0 };
  const rows: Row[] = [];
  const slices: RowSlice[] = [];
  let fetchedAt = Number.POSITIVE_INFINITY;
  let stale = false;
  let staleBecause: StaleReason | undefined;
  while (position && rows.length < limit) {
    const page = await options.loadUpstreamPage(position.upstreamCursor);
    fetchedAt = Math.min(fetchedAt, page.fetchedAt);
    stale ||= page.stale;
    staleBecause ??= page.staleBecause;
    const taken = page.data.slice(position.offset, position.offset + limit - rows.length);
    rows.push(...taken);
    slices.push({ source: page.data, start: position.offset, end: position.offset + taken.length });
    const nextOffset: number = position.offset + taken.length;
    if (nextOffset < page.data.length)
      position = { upstreamCursor: position.upstreamCursor, offset: nextOffset };
    else position = page.next_cursor ? { upstreamCursor: page.next_cursor, offset: 0 } : null;
  }
  noteRowSlices(rows, slices);
  return {
    data: rows,
    next_cursor: position ? codec.encode(position, binding) : null,
    fetchedAt: Number.isFinite(fetchedAt) ? fetchedAt : Date.now(),
    stale,
    ...(staleBecause ? { staleBecause } : {}),
  };
}

// The JSON of a page's rows, kept as UTF-8 bytes per slice of the cached upstream page they came
// from: a cached page is served many times (every person opening the default view), and turning
// its 100 rows into JSON was the largest part of a cache hit's own work. Kept as bytes rather than
// text, an answer is a copy of them (which Response copies once more): joining kept text, building
// the answer around it and encoding the whole took far longer and made far more garbage. The
// bytes live as long as the upstream page's array (a WeakMap on it), so a refreshed or evicted
// page takes them along.

interface RowSlice {
  source: readonly unknown[];
  start: number;
  end: number;
}

const sliceBytes = new WeakMap<readonly unknown[], Map<string, Buffer<ArrayBuffer>>>();
const slicesOfPage = new WeakMap<readonly unknown[], readonly RowSlice[]>();
const COMMA = Buffer.from(",");

/** Notes that `rows` is exactly these slices, in order (slicePage). */
function noteRowSlices(rows: readonly unknown[], slices: readonly RowSlice[]): void {
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
