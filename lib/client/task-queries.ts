import { infiniteQueryOptions, queryOptions, type InfiniteData } from "@tanstack/react-query";
import type { MirrorStatus, Task, TaskPage } from "./api-types";
import {
  DashboardApiError,
  fetchBudget,
  fetchLocations,
  fetchMirrorStatus,
  fetchTaskPage,
} from "./dashboard-api";
import { joinListParam } from "@/contract/query/list-param";
import { LIST_FILTERS, type TaskFilters, type TimeWindow } from "./task-filters";
import { writeSortTerms } from "@/contract/query/sort-list";
import { noteAnswerAsOf } from "./shown-freshness";

// One factory per kind of data, with stable keys, so the table, the drawer and the detail page
// share what is already loaded. Nothing refetches on focus: every request spends shared budget.
// Here what the list and the layout need from the first screen; the other views' queries (one
// task, the counts, a vehicle) are in view-queries.ts, which loads with them, not in the first load.

export const PAGE_SIZE = 100;
const BUDGET_RETRIES = 20;
/**
 * The task list: about ten minutes of growing pauses (2, 4, 8, 16, then 30 s), then Retry is
 * offered. The list is what staff keep open; it should be back by itself when the service is.
 */
const LIST_SERVICE_RETRIES = 25;
/** One task, the locations: three tries in 14 s, then the view says why and offers Retry. */
const VIEW_SERVICE_RETRIES = 3;
const SERVICE_RETRY_MAX_MS = 30_000;

/**
 * The service (or the way to it) is away for now: a timeout, a refused connection, no network.
 * It comes back by itself, so the request is sent again by itself, as a budget wait is. Not a
 * 502 upstream_refused: the service answered and refuses the dashboard (a revoked client, a path
 * it does not serve), which only an operator mends, and each try would spend an upstream call.
 */
function serviceAway(error: DashboardApiError): boolean {
  if (error.code === "upstream_refused") return false;
  return error.status === 0 || error.status === 502 || error.status === 504;
}

/** The mirror is filling: what needs it waits, for as long as a first fill takes (minutes). */
export function mirrorFilling(error: unknown): error is DashboardApiError {
  return error instanceof DashboardApiError && error.status === 503 && error.code === "mirror_not_ready";
}

/** Enough tries to outlast a first fill; each costs no upstream call. */
const MIRROR_WAIT_RETRIES = 120;

/**
 * Budget and mirror waits after the dashboard's Retry-After; a service that is away up to
 * `serviceRetries` times.
 */
function retryPolicy(serviceRetries: number) {
  return (failureCount: number, error: Error): boolean => {
    if (!(error instanceof DashboardApiError)) return false;
    if (error.isBudgetWait) return failureCount < BUDGET_RETRIES;
    if (mirrorFilling(error)) return failureCount < MIRROR_WAIT_RETRIES;
    return serviceAway(error) && failureCount < serviceRetries;
  };
}

/** The task list's retries. */
export const shouldRetry = retryPolicy(LIST_SERVICE_RETRIES);
/** One task, the locations, the counts, a vehicle: a few tries, then the view says why. */
export const viewRetry = retryPolicy(VIEW_SERVICE_RETRIES);

/** Milliseconds before the next try, after `failureCount` earlier failures (0 for the first retry). */
export function retryDelay(failureCount: number, error: Error): number {
  if (error instanceof DashboardApiError && error.isBudgetWait) return (error.retryAfterSeconds ?? 5) * 1000;
  if (error instanceof DashboardApiError && mirrorFilling(error))
    return Math.min((error.retryAfterSeconds ?? 5) * 1000, SERVICE_RETRY_MAX_MS);
  return Math.min(2000 * 2 ** failureCount, SERVICE_RETRY_MAX_MS);
}

/** The filters every read shares (list, summary, export): the window, the lists and `q`. */
export function filterParams(filters: TaskFilters, window: TimeWindow): URLSearchParams {
  const query = new URLSearchParams({ from: window.from.toISOString(), to: window.to.toISOString() });
  for (const name of LIST_FILTERS) {
    const values = filters[name];
    if (values && values.length > 0) query.set(name, joinListParam(values));
  }
  if (filters.q) query.set("q", filters.q);
  return query;
}

/**
 * GET /api/tasks's (and /api/export's) query for these filters, without cursor or limit. `sort` is
 * sent only when it is not Started alone: that is the service's own order, which the live path
 * can answer while the mirror fills.
 */
export function listParams(filters: TaskFilters, window: TimeWindow): URLSearchParams {
  const query = filterParams(filters, window);
  const { sort, order } = writeSortTerms(filters.sort);
  if (sort !== "started_at") query.set("sort", sort);
  query.set("order", order);
  return query;
}

export const locationsQuery = queryOptions({
  queryKey: ["locations"],
  queryFn: ({ signal, queryKey }) => fetchLocations(signal, (answer) => noteAnswerAsOf(queryKey, answer)),
  staleTime: 5 * 60_000,
  retry: viewRetry,
  retryDelay,
});

/** Whether the next page is wanted now (the user reached the end) or ahead of need. */
export interface PagePriority {
  current: "interactive" | "prefetch";
}

export function taskListQuery(query: URLSearchParams, priority: PagePriority = { current: "interactive" }) {
  const key = query.toString();
  return infiniteQueryOptions<TaskPage, Error, InfiniteData<TaskPage, string>, string[], string>({
    queryKey: ["tasks", "list", key],
    queryFn: ({ pageParam, signal }) => {
      const pageQuery = new URLSearchParams(query);
      pageQuery.set("limit", String(PAGE_SIZE));
      if (pageParam) pageQuery.set("cursor", pageParam);
      return fetchTaskPage(pageQuery, pageParam ? priority.current : "interactive", signal);
    },
    initialPageParam: "",
    getNextPageParam: (last: TaskPage) => last.next_cursor ?? undefined,
    staleTime: 5 * 60_000,
    retry: shouldRetry,
    retryDelay,
  });
}

/** The mirror's state, for "12 of 40 windows synced"; it spends no budget. */
export const mirrorStatusQuery = queryOptions({
  queryKey: ["mirror"],
  queryFn: ({ signal }) => fetchMirrorStatus(signal),
  staleTime: 5_000,
  retry: false,
});

/** Whether the mirror may still be filling: then its state is read again every few seconds. */
export function mirrorStillFilling(status: MirrorStatus | undefined): boolean {
  return status?.enabled === true && status.windows.synced < status.windows.total;
}

export const budgetQuery = queryOptions({
  queryKey: ["budget"],
  queryFn: ({ signal }) => fetchBudget(signal),
  refetchInterval: 5_000,
  retry: false,
});

/** Rows of all loaded pages, first occurrence of each id kept (pages may overlap after inserts). */
export function uniqueRows(pages: readonly TaskPage[] | undefined): Task[] {
  const seen = new Set<string>();
  const rows: Task[] = [];
  for (const page of pages ?? []) {
    for (const task of page.data) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      rows.push(task);
    }
  }
  return rows;
}
