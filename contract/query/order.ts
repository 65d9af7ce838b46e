// The direction of a task list: ascending (oldest first) unless the caller says otherwise.
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ORDER_MESSAGE = '"order" must be "asc" or "desc".';

export function isSortOrder(text: string | null | undefined): text is SortOrder {
  return (SORT_ORDERS as readonly (string | null | undefined)[]).includes(text);
}

/** The order an `order` text asks for ("asc" when absent), or undefined when it is refused. */
export function readOrder(text: string | undefined): SortOrder | undefined {
  if (text === undefined) return "asc";
  return isSortOrder(text) ? text : undefined;
}
