import "server-only";
import type { DashboardCursorCodec, PagePosition } from "./dashboard-cursor";
import type { StaleReason } from "./freshness-headers";
import { noteRowSlices, type RowSlice } from "./rows-json";

// Serves the dashboard's small pages out of the upstream's full pages (always 500 rows), so one
// upstream call feeds several screens. Rows are never reordered or filtered here.

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
