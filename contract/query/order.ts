// The direction of a task list: ascending (oldest first) unless the caller says otherwise.
export type SortOrder = "asc" | "desc";

export const ORDER_MESSAGE = '"order" must be "asc" or "desc".';

/** The order an `order` text asks for ("asc" when absent), or undefined when it is refused. */
export function readOrder(text: string | undefined): SortOrder | undefined {
  if (text === undefined) return "asc";
  return text === "asc" || text === "desc" ? text : undefined;
}
