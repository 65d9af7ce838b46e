import "server-only";
import type { SortOrder } from "@/contract/query/order";
import type { DashboardCursorCodec } from "../dashboard-cursor";
import { invalid } from "../mirror";

// Pages of rows held in memory (an evaluation of the due states, the vehicles), in a sort with its
// ties broken, by a keyset signed with the dashboard's cursor codec and bound to the query. The
// cursor also names the instant the rows were evaluated at, so the next page reads the states as
// they stood then: a row never shows twice or goes missing between pages of one evaluation.

/** The row's sort value and two tie-breakers, as text that sorts as the values do. */
export type Keyset = [string, string, string];

export interface Keyed<T> {
  row: T;
  keyset: Keyset;
}

function compareKeysets(a: Keyset, b: Keyset): number {
  for (let index = 0; index < 3; index++) {
    if (a[index]! < b[index]!) return -1;
    if (a[index]! > b[index]!) return 1;
  }
  return 0;
}

/** The items sorted in place by their keysets. */
export function inOrder<T>(items: Keyed<T>[], order: SortOrder): Keyed<T>[] {
  const direction = order === "asc" ? 1 : -1;
  return items.sort((a, b) => direction * compareKeysets(a.keyset, b.keyset));
}

/** The page of `limit` after the keyset `after` of items already in order, and the next page's cursor. */
export function pageAfter<T>(
  sorted: readonly Keyed<T>[],
  options: { after?: Keyset | undefined; order: SortOrder; limit: number },
  cursor: (keyset: Keyset) => string,
): { data: T[]; next_cursor: string | null } {
  const direction = options.order === "asc" ? 1 : -1;
  const { after } = options;
  const start = after ? sorted.findIndex(({ keyset }) => direction * compareKeysets(keyset, after) > 0) : 0;
  const page = start < 0 ? [] : sorted.slice(start, start + options.limit);
  const last = page.at(-1);
  const more = start >= 0 && start + options.limit < sorted.length;
  return { data: page.map(({ row }) => row), next_cursor: more && last ? cursor(last.keyset) : null };
}

/** Where a page ends: its last row's keyset, and the instant (ms) its rows were evaluated at. */
export interface KeysetPlace {
  keyset: Keyset;
  evaluatedAt: number;
}

export function encodeKeysetCursor(codec: DashboardCursorCodec, place: KeysetPlace, binding: string): string {
  return codec.encode(
    { upstreamCursor: JSON.stringify({ k: place.keyset, at: place.evaluatedAt }), offset: 0 },
    binding,
  );
}

const isKeyset = (value: unknown): value is Keyset =>
  Array.isArray(value) && value.length === 3 && value.every((part) => typeof part === "string");

export function decodeKeysetCursor(
  codec: DashboardCursorCodec,
  cursor: string,
  binding: string,
): KeysetPlace {
  const position = codec.decode(cursor, binding);
  const place: unknown = position.upstreamCursor === null ? null : JSON.parse(position.upstreamCursor);
  const { k, at } = (place ?? {}) as { k?: unknown; at?: unknown };
  if (!isKeyset(k) || typeof at !== "number" || !Number.isSafeInteger(at))
    throw invalid("The cursor is invalid or belongs to other filters.");
  return { keyset: k, evaluatedAt: at };
}
