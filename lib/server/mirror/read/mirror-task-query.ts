import "server-only";
import type { ListFilter } from "@/contract/query/list-filters";
import type { SortTerm } from "@/contract/query/sort-list";
import { DashboardError } from "../../dashboard-error";

// The parsed, validated shape of a mirror read: what the SQL builders take, never raw text, and
// what a parser answers when the text will not do.

export { LIST_FILTERS, SORT_KEYS, type ListFilter, type SortKey } from "@/contract/query/list-filters";
export type { SortTerm } from "@/contract/query/sort-list";

export interface MirrorFilters {
  /** ISO 8601 instants; the window is half-open: from <= started_at < to. */
  from: string;
  to: string;
  /**
   * Each present list holds 1..50 distinct values, in the order given; location_id may hold none
   * (nothing the reader may see was asked for) or more (every location the reader may see).
   */
  lists: Partial<Record<ListFilter, readonly string[]>>;
  /** The search text as given (1..100 characters); matched literally, ASCII letters in any case. */
  q: string | undefined;
}

/** Where the next page starts: the last row's value of each sort key, then its start and id. */
export type Keyset = readonly (string | number)[];

export interface MirrorTaskQuery {
  filters: MirrorFilters;
  /** 1 to 3 distinct keys, each with its direction; ties go by start, then id (query-sql.ts). */
  sort: readonly SortTerm[];
  limit: number;
  after: Keyset | undefined;
}

export interface MirrorSummaryQuery {
  filters: MirrorFilters;
  /** An IANA zone the days are counted in. */
  tz: string;
}

// A parser's answer: the parsed query, or the problem a route answers 400 invalid_request with.
// Returned, not thrown, so a route handler cannot reach a query with a bad parameter by accident.

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: DashboardError };

export function parsed<T>(read: () => T): Parsed<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof DashboardError) return { ok: false, error };
    throw error;
  }
}

export function invalid(message: string): DashboardError {
  return new DashboardError("invalid_request", message);
}
