import { SORT_KEYS, type SortKey } from "./list-filters";
import { isSortOrder, type SortOrder } from "./order";

// A task list's sort as the dashboard API reads it: `sort` names 1 to 3 distinct keys separated by
// commas, `order` gives one direction for all of them or one per key. One key and one direction is
// the whole of the older syntax, so every single-key link and request reads as it always did. The
// page writes its links and the API reads its requests by these functions, so neither can admit a
// sort the other refuses. The words of a refusal are in sort-list-messages.ts: every page reads its
// link's sort, and only the server and the link's notices need them.

export const MAX_SORT_KEYS = 3;

/** One key of a sort and its direction. */
export interface SortTerm {
  key: SortKey;
  order: SortOrder;
}

/** Why a sort was refused: its keys, its directions, or their counts (given for keys). */
export type SortRefusal =
  | { ok: false; param: "sort" }
  | { ok: false; param: "order"; counts?: { directions: number; keys: number } };

export type SortReading = { ok: true; terms: SortTerm[] } | SortRefusal;

/**
 * The sort that `sort` and `order` texts ask for: `started_at` when `sort` is absent, every key in
 * `absentOrder` when `order` is (the API's own default is ascending; the page's is newest first).
 */
export function readSortTerms(
  sortText: string | undefined,
  orderText: string | undefined,
  absentOrder: SortOrder,
): SortReading {
  const keys = sortText === undefined ? ["started_at"] : sortText.split(",");
  if (keys.length > MAX_SORT_KEYS || new Set(keys).size !== keys.length || !keys.every(isSortKey))
    return { ok: false, param: "sort" };
  const orders = orderText === undefined ? [absentOrder] : readOrders(orderText);
  if (!orders) return { ok: false, param: "order" };
  if (orders.length !== 1 && orders.length !== keys.length)
    return { ok: false, param: "order", counts: { directions: orders.length, keys: keys.length } };
  return { ok: true, terms: keys.map((key, i) => ({ key, order: orders[orders.length === 1 ? 0 : i]! })) };
}

/** The directions an `order` text lists (1 to 3), or undefined when one is not a direction. */
export function readOrders(text: string): SortOrder[] | undefined {
  const orders = text.split(",");
  return orders.length <= MAX_SORT_KEYS && orders.every(isSortOrder) ? orders : undefined;
}

/** The `sort` and `order` texts of a sort: one direction when all keys share it, else one per key. */
export function writeSortTerms(terms: readonly SortTerm[]): { sort: string; order: string } {
  const orders = terms.map((term) => term.order);
  return {
    sort: terms.map((term) => term.key).join(","),
    order: orders.every((order) => order === orders[0]) ? (orders[0] ?? "asc") : orders.join(","),
  };
}

export function isSortKey(text: string | null | undefined): text is SortKey {
  return (SORT_KEYS as readonly (string | null | undefined)[]).includes(text);
}
