// Validates GET /v1/tasks parameters into a page query, by the contract's rules (contract/query/),
// which the dashboard applies too before it spends a request.
import { filterValueRule, isFilterValue } from "../../../../contract/query/filter-values";
import { LIMIT_MESSAGE, readLimit } from "../../../../contract/query/page-limit";
import { ORDER_MESSAGE, readOrder } from "../../../../contract/query/order";
import { readWindow } from "../../../../contract/query/time-window";
import { invalidRequest } from "../../http/api-error";
import { parseQueryString } from "../../http/query-string";
import type { CursorCodec } from "../../pagination/cursor-codec";
import type { TaskFilters, TaskPageQuery } from "../../repositories/task-page-sql";

const PARAMETERS = [
  "from",
  "to",
  "location_id",
  "mva",
  "vehicle_id",
  "task_type",
  "limit",
  "cursor",
  "order",
];
/** The filters in the order a cursor's binding lists them. */
const FILTERS = ["location_id", "mva", "vehicle_id", "task_type"] as const;

export interface TaskListRequest {
  query: TaskPageQuery;
  limit: number;
  /** What a cursor is bound to: everything but the position and the page size. */
  binding: string;
}

export function parseTaskListQuery(
  url: string,
  maxWindowDays: number,
  cursors: CursorCodec,
): TaskListRequest {
  const params = parseQueryString(url, PARAMETERS);
  const window = readWindow(params.get("from"), params.get("to"), maxWindowDays);
  if (!window.ok) throw invalidRequest(window.message);
  const filters: TaskFilters = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value !== undefined && !isFilterValue(name, value)) {
      throw invalidRequest(`"${name}" must be ${filterValueRule(name)}.`);
    }
    filters[name] = value;
  }
  const limit = readLimit(params.get("limit"));
  if (limit === undefined) throw invalidRequest(LIMIT_MESSAGE);
  const order = readOrder(params.get("order"));
  if (order === undefined) throw invalidRequest(ORDER_MESSAGE);
  const from = new Date(window.from).toISOString();
  const to = new Date(window.to).toISOString();
  const binding = JSON.stringify([from, to, order, ...FILTERS.map((name) => filters[name])]);
  const cursor = params.get("cursor");
  const after = cursor === undefined ? undefined : cursors.decode(cursor, binding);
  return { query: { from, to, filters, order, after, fetch: limit + 1 }, limit, binding };
}
