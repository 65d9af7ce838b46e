import "server-only";
import { filterValueRule, isFilterValue } from "@/contract/query/filter-values";
import { LIMIT_MESSAGE, readLimit } from "@/contract/query/page-limit";
import { ORDER_MESSAGE, readOrder } from "@/contract/query/order";
import { readWindow } from "@/contract/query/time-window";
import { DashboardError, readQueryParams } from "../dashboard-error";
import type { TaskPageQuery } from "../upstream";

// GET /api/tasks takes the service's parameter names and rules (contract/query/), checked here so a
// bad request never spends upstream budget. The cursor is the dashboard's own.

const FILTERS = ["location_id", "mva", "vehicle_id", "task_type"] as const;
const FILTER_NAMES = ["from", "to", ...FILTERS, "order"];
const PAGING_NAMES = ["limit", "cursor"];
/** Longer than any cursor this dashboard writes; a longer one is not worth reading. */
const MAX_CURSOR_LENGTH = 4096;

export interface TaskListParams {
  /** The upstream query, minus paging: what caches and cursors are keyed on. */
  filters: Omit<TaskPageQuery, "cursor">;
  limit: number;
  cursor: string | undefined;
}

/** `paging: false` for the export, which takes every matching task: a cursor or limit is a mistake. */
export function parseTaskListParams(url: URL, maxWindowDays: number, { paging = true } = {}): TaskListParams {
  const raw = readQueryParams(url, paging ? [...FILTER_NAMES, ...PAGING_NAMES] : FILTER_NAMES);
  const window = readWindow(raw.from, raw.to, maxWindowDays);
  if (!window.ok) throw refusal(window.message);
  const filters: Omit<TaskPageQuery, "cursor" | "from" | "to" | "order"> = {};
  for (const name of FILTERS) {
    const value = raw[name];
    if (value !== undefined && !isFilterValue(name, value)) {
      throw refusal(`"${name}" must be ${filterValueRule(name)}.`);
    }
    if (value !== undefined) filters[name] = value;
  }
  const order = readOrder(raw.order);
  if (order === undefined) throw refusal(ORDER_MESSAGE);
  const limit = readLimit(raw.limit);
  if (limit === undefined) throw refusal(LIMIT_MESSAGE);
  return {
    filters: {
      ...filters,
      order,
      from: new Date(window.from).toISOString(),
      to: new Date(window.to).toISOString(),
    },
    limit,
    cursor: readCursor(raw.cursor),
  };
}

function readCursor(text: string | undefined): string | undefined {
  if (text === "") throw refusal('"cursor" must not be empty.');
  if (text !== undefined && text.length > MAX_CURSOR_LENGTH) {
    throw refusal(`"cursor" must be at most ${MAX_CURSOR_LENGTH} characters.`);
  }
  return text;
}

const refusal = (message: string) => new DashboardError("invalid_request", message);
