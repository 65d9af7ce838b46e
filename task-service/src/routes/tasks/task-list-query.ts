// Validates GET /v1/tasks parameters into a page query. Rules are in shared/spec/decisions.md.
import { IDENTIFIER_PATTERN } from "../../../../contract/query/identifier";
import { DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT } from "../../../../contract/query/page-limit";
import { TASK_TYPE_PATTERN } from "../../../../contract/query/task-type";
import { invalidRequest } from "../../http/api-error";
import { parseInstant } from "../../http/instant";
import { parseQueryString } from "../../http/query-string";
import type { CursorCodec } from "../../pagination/cursor-codec";
import type { SortOrder, TaskFilters, TaskPageQuery } from "../../repositories/task-page-sql";

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
const IDENTIFIER_FILTERS = ["location_id", "mva", "vehicle_id"] as const;
const DAY_MS = 86_400_000;

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
  const required = (name: string) => {
    const value = params.get(name);
    if (value === undefined) throw invalidRequest(`"${name}" is required.`);
    return value;
  };
  const from = parseInstant("from", required("from"));
  const to = parseInstant("to", required("to"));
  if (from >= to) throw invalidRequest(`"from" must be before "to".`);
  if (to - from > maxWindowDays * DAY_MS) {
    throw invalidRequest(`The window from "from" to "to" may span at most ${maxWindowDays} days.`);
  }

  const filters: TaskFilters = {};
  for (const name of IDENTIFIER_FILTERS) {
    const value = params.get(name);
    if (value !== undefined && !IDENTIFIER_PATTERN.test(value)) {
      throw invalidRequest(`"${name}" must be 1-128 characters of letters, digits, ".", "_", ":" or "-".`);
    }
    filters[name] = value;
  }
  const taskType = params.get("task_type");
  if (taskType !== undefined && !TASK_TYPE_PATTERN.test(taskType)) {
    throw invalidRequest(`"task_type" must be 1-128 characters without control characters.`);
  }
  filters.task_type = taskType;

  const limit = parseLimit(params.get("limit"));
  const order = parseOrder(params.get("order"));
  const window = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  const binding = JSON.stringify([
    window.from,
    window.to,
    order,
    ...IDENTIFIER_FILTERS.map((f) => filters[f]),
    taskType,
  ]);
  const cursor = params.get("cursor");
  const after = cursor === undefined ? undefined : cursors.decode(cursor, binding);
  return { query: { ...window, filters, order, after, fetch: limit + 1 }, limit, binding };
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIMIT;
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= MIN_LIMIT && limit <= MAX_LIMIT)) {
    throw invalidRequest(`"limit" must be a whole number from ${MIN_LIMIT} to ${MAX_LIMIT}.`);
  }
  return limit;
}

function parseOrder(text: string | undefined): SortOrder {
  if (text === undefined || text === "asc" || text === "desc") return text ?? "asc";
  throw invalidRequest(`"order" must be "asc" or "desc".`);
}
