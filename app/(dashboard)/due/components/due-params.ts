// The due list's view in the URL: which states, task type, last location and search it shows, and
// its sort. Only what differs from the defaults is written, so a plain /due is the morning's list.

import { DUE_STATES, type DueState } from "@/contract/query/due-state";

export type DueSort = "state" | "due_at" | "mva" | "task_type" | "location" | "last_done_at";
export const DEFAULT_SORT: DueSort = "state";

export interface DueView {
  states: DueState[];
  taskType: string;
  locationId: string;
  q: string;
  sort: DueSort;
  order: "asc" | "desc";
}

const SORTS: readonly DueSort[] = ["state", "due_at", "mva", "task_type", "location", "last_done_at"];

export function readDueView(params: URLSearchParams): DueView {
  const states = (params.get("state") ?? "")
    .split(",")
    .filter((value): value is DueState => (DUE_STATES as readonly string[]).includes(value));
  const sort = params.get("sort") ?? "";
  return {
    states: DUE_STATES.filter((state) => states.includes(state)),
    taskType: params.get("task_type") ?? "",
    locationId: params.get("location_id") ?? "",
    q: params.get("q") ?? "",
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as DueSort) : DEFAULT_SORT,
    order: params.get("order") === "desc" ? "desc" : "asc",
  };
}

/** The page's URL query for a view. */
export function dueViewSearch(view: DueView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.states.length > 0) search.set("state", view.states.join(","));
  if (view.taskType) search.set("task_type", view.taskType);
  if (view.locationId) search.set("location_id", view.locationId);
  if (view.q.trim()) search.set("q", view.q.trim());
  if (view.sort !== DEFAULT_SORT) search.set("sort", view.sort);
  if (view.order !== "asc") search.set("order", view.order);
  return search;
}

/** The API's query for a view: the same names, the sort always said. */
export function dueApiParams(view: DueView): URLSearchParams {
  const params = dueViewSearch(view);
  params.set("sort", view.sort);
  return params;
}
