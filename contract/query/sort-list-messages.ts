import { SORT_KEYS } from "./list-filters";
import { MAX_SORT_KEYS, type SortRefusal } from "./sort-list";

// What the API answers a sort it refuses (sort-list.ts), and what a saved view's check says.

export const SORT_MESSAGE = `"sort" must be 1 to ${MAX_SORT_KEYS} distinct keys separated by commas, each one of ${SORT_KEYS.join(", ")}.`;

export const ORDER_LIST_MESSAGE =
  '"order" must be "asc" or "desc" for every sort key, or one of them per key, separated by commas.';

export function sortRefusalMessage(refusal: SortRefusal): string {
  if (refusal.param === "sort") return SORT_MESSAGE;
  if (!refusal.counts) return ORDER_LIST_MESSAGE;
  const { directions, keys } = refusal.counts;
  return `"order" gives ${directions} directions for ${keys} sort keys: give one for all keys or one per key.`;
}
