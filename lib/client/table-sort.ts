import { MAX_SORT_KEYS, type SortKey, type SortTerm } from "./task-filters";

// What a click on a column's header does to the list's sort. A plain click sorts by that column
// alone (the other way when it already is the only key). Shift-click (or Shift+Enter, Shift+Space)
// builds a sort of several keys: a column not yet a key is added as the last one (with three keys,
// it takes the last one's place); a key in its first direction turns the other way, and a key
// already turned is removed, so three shift-clicks on a column add, flip and drop it. The only
// key is never removed: it flips back instead.

/** Newest first for Started, as the list opens; A to Z (and least miles) for the others. */
export function firstOrder(key: SortKey): SortTerm["order"] {
  return key === "started_at" ? "desc" : "asc";
}

const flipped = (term: SortTerm): SortTerm => ({ ...term, order: term.order === "asc" ? "desc" : "asc" });

export function sortAfterClick(sort: readonly SortTerm[], key: SortKey, adding: boolean): SortTerm[] {
  const index = sort.findIndex((term) => term.key === key);
  const term = sort[index];
  if (!adding || (term && sort.length === 1))
    return [term && sort.length === 1 ? flipped(term) : { key, order: firstOrder(key) }];
  if (!term) return [...sort.slice(0, MAX_SORT_KEYS - 1), { key, order: firstOrder(key) }];
  if (term.order === firstOrder(key)) return sort.map((other, i) => (i === index ? flipped(other) : other));
  return sort.filter((_, i) => i !== index);
}
