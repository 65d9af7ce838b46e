import "server-only";
import { filterValueRule, isFilterValue } from "@/contract/query/filter-values";
import { LIMIT_MESSAGE, readLimit } from "@/contract/query/page-limit";
import { ORDER_MESSAGE, readOrder } from "@/contract/query/order";
import { readWindow } from "@/contract/query/time-window";
import { DashboardError, readQueryParams } from "../dashboard-error";
import { scopedLocations, type StaffAccess } from "../staff";
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
  /**
   * How the list stands to the reader's locations: within them (the filters say so), outside them
   * (it names none of theirs: it is empty, and the service is not asked), or over several of them
   * unnamed, which the service cannot filter on in one list (SEVERAL_LOCATIONS).
   */
  scope: "within" | "outside" | "several";
}

/** The live path's answer to a list over several of the reader's locations, none named. */
export const SEVERAL_LOCATIONS = new DashboardError(
  "invalid_request",
  'While the task mirror cannot answer this window, a list covers one location at a time: choose one of yours with "location_id".',
);

/** `paging: false` for the export, which takes every matching task: a cursor or limit is a mistake. */
export function parseTaskListParams(
  url: URL,
  maxWindowDays: number,
  access: StaffAccess,
  { paging = true } = {},
): TaskListParams {
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
  const location = liveLocation(access, filters.location_id);
  if (location.id !== undefined) filters.location_id = location.id;
  return {
    scope: location.scope,
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

/**
 * The service filters on one location at a time: a reader of some locations asks for one of them,
 * or for their only one without naming it. Several, unnamed, is more than one upstream list.
 */
function liveLocation(
  access: StaffAccess,
  asked: string | undefined,
): { id: string | undefined; scope: TaskListParams["scope"] } {
  const allowed = scopedLocations(access, asked === undefined ? undefined : [asked]);
  if (allowed === undefined) return { id: asked, scope: "within" };
  if (allowed.length === 1) return { id: allowed[0], scope: "within" };
  return { id: asked, scope: allowed.length === 0 ? "outside" : "several" };
}

function readCursor(text: string | undefined): string | undefined {
  if (text === "") throw refusal('"cursor" must not be empty.');
  if (text !== undefined && text.length > MAX_CURSOR_LENGTH) {
    throw refusal(`"cursor" must be at most ${MAX_CURSOR_LENGTH} characters.`);
  }
  return text;
}

const refusal = (message: string) => new DashboardError("invalid_request", message);
