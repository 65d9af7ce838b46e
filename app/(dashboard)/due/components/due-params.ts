// The due list's view in the URL: which states, task type, last location and search it shows, and
// its sort. Only what differs from the defaults is written, so a plain /due is the morning's list.

import { DAY_MS } from "@/contract/query/day";
import { DUE_STATES, type DueState } from "@/contract/query/due-state";
import { joinListParam, splitListParam } from "@/contract/query/list-param";

export type DueSort = "state" | "due_at" | "mva" | "task_type" | "location" | "last_done_at";
export const DEFAULT_SORT: DueSort = "state";

/** "Due within" choices, in days; "" is any time. */
export const DUE_WITHIN = ["", "7", "30"] as const;
export type DueWithin = (typeof DUE_WITHIN)[number];

export interface DueListState {
  states: DueState[];
  within: DueWithin;
  taskType: string;
  locationId: string;
  /** One vehicle's rows (a link from the vehicles list); "" for every vehicle. */
  vehicleId: string;
  q: string;
  sort: DueSort;
  order: "asc" | "desc";
}

const SORTS: readonly DueSort[] = ["state", "due_at", "mva", "task_type", "location", "last_done_at"];

export function readDueView(params: URLSearchParams): DueListState {
  const states = (params.get("state") ?? "")
    .split(",")
    .filter((value): value is DueState => (DUE_STATES as readonly string[]).includes(value));
  const sort = params.get("sort") ?? "";
  const within = params.get("within") ?? "";
  return {
    states: DUE_STATES.filter((state) => states.includes(state)),
    within: (DUE_WITHIN as readonly string[]).includes(within) ? (within as DueWithin) : "",
    taskType: splitListParam(params.get("task_type") ?? "")[0] ?? "",
    vehicleId: params.get("vehicle_id") ?? "",
    locationId: params.get("location_id") ?? "",
    q: params.get("q") ?? "",
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as DueSort) : DEFAULT_SORT,
    order: params.get("order") === "desc" ? "desc" : "asc",
  };
}

/** The page's URL query for a view. */
export function dueViewSearch(view: DueListState): URLSearchParams {
  const search = new URLSearchParams();
  if (view.states.length > 0) search.set("state", view.states.join(","));
  if (view.within) search.set("within", view.within);
  // A list parameter: a type holding a comma or backslash is written escaped, as the API reads it.
  if (view.taskType) search.set("task_type", joinListParam([view.taskType]));
  if (view.vehicleId) search.set("vehicle_id", view.vehicleId);
  if (view.locationId) search.set("location_id", view.locationId);
  if (view.q.trim()) search.set("q", view.q.trim());
  if (view.sort !== DEFAULT_SORT) search.set("sort", view.sort);
  if (view.order !== "asc") search.set("order", view.order);
  return search;
}

/**
 * The API's query for a view: the same names, the sort always said, and "within N days" as the
 * instant N days after `nowMs` (the moment the page opened, so the query keeps its key).
 */
export function dueApiParams(view: DueListState, nowMs: number): URLSearchParams {
  const params = dueViewSearch(view);
  params.delete("within");
  if (view.within) params.set("due_before", new Date(nowMs + Number(view.within) * DAY_MS).toISOString());
  params.set("sort", view.sort);
  return params;
}
