import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import type { Task, TaskPage } from "./api-types";
import { DashboardApiError, fetchBudget, fetchLocations, fetchTask, fetchTaskPage } from "./dashboard-api";

// One factory per kind of data, with stable keys, so the table, the drawer and the detail page
// share what is already loaded. Nothing refetches on focus: every request spends shared budget.

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

/** Budget waits after the dashboard's Retry-After; a service that is away up to `serviceRetries` times. */
function retryPolicy(serviceRetries: number) {
  return (failureCount: number, error: Error): boolean => {
    if (!(error instanceof DashboardApiError)) return false;
    if (error.isBudgetWait) return failureCount < BUDGET_RETRIES;
    return serviceAway(error) && failureCount < serviceRetries;
  };
}

/** The task list's retries. */
export const shouldRetry = retryPolicy(LIST_SERVICE_RETRIES);
const viewRetry = retryPolicy(VIEW_SERVICE_RETRIES);

/** Milliseconds before the next try, after `failureCount` earlier failures (0 for the first retry). */
export function retryDelay(failureCount: number, error: Error): number {
  if (error instanceof DashboardApiError && error.isBudgetWait) return (error.retryAfterSeconds ?? 5) * 1000;
  return Math.min(2000 * 2 ** failureCount, SERVICE_RETRY_MAX_MS);
}

export const locationsQuery = queryOptions({
  queryKey: ["locations"],
  queryFn: ({ signal }) => fetchLocations(signal),
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

export function taskQuery(id: string) {
  return queryOptions({
    queryKey: ["tasks", "one", id],
    queryFn: ({ signal }) => fetchTask(id, signal),
    staleTime: 60_000,
    retry: viewRetry,
    retryDelay,
  });
}

export const budgetQuery = queryOptions({
  queryKey: ["budget"],
  queryFn: ({ signal }) => fetchBudget(signal),
  refetchInterval: 5_000,
  retry: false,
});

/** A task already loaded by any list, and when, so a detail view can show it without a request. */
export function loadedTask(client: QueryClient, id: string): { task: Task; updatedAt: number } | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: ["tasks", "list"] })) {
    const data = query.state.data as { pages: TaskPage[] } | undefined;
    for (const page of data?.pages ?? []) {
      const task = page.data.find((row) => row.id === id);
      if (task) return { task, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return undefined;
}

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
