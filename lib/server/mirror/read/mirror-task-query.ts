// The parsed, validated shape of a mirror read: what the SQL builders take, never raw text.

import type { ListFilter, SortKey } from "@/contract/query/list-filters";
export { LIST_FILTERS, SORT_KEYS, type ListFilter, type SortKey } from "@/contract/query/list-filters";

export interface MirrorFilters {
  /** ISO 8601 instants; the window is half-open: from <= started_at < to. */
  from: string;
  to: string;
  /** Each present list holds 1..50 distinct values, in the order given. */
  lists: Partial<Record<ListFilter, readonly string[]>>;
  /** The search text as given (1..100 characters); matched literally, ASCII letters in any case. */
  q: string | undefined;
}

/** Where the next page starts: the last row's sort value, start and id. */
export type Keyset = readonly [sortValue: string | number, startedAt: string, id: string];

export interface MirrorTaskQuery {
  filters: MirrorFilters;
  sort: SortKey;
  order: "asc" | "desc";
  limit: number;
  after: Keyset | undefined;
}

export interface MirrorSummaryQuery {
  filters: MirrorFilters;
  /** An IANA zone the days are counted in. */
  tz: string;
}
