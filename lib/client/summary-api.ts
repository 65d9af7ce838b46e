import { queryOptions } from "@tanstack/react-query";
import type { components } from "@/contract/dashboard/api-types";
import { DashboardApiError, dashboardFetch } from "./dashboard-api";
import { retryDelay, shouldRetry } from "./task-queries";

// The summary panel's data: GET /api/tasks/summary with the table's filters and the chart's zone.
// Only the mirror answers it, so while the mirror fills it is asked again after each Retry-After
// rather than shown as a failure.

export type TaskSummary = components["schemas"]["TaskSummary"];

/** The list's filters the summary reads; sort and order only order rows, which it does not list. */
const SUMMARY_PARAMS = ["from", "to", "location_id", "mva", "vehicle_id", "task_type", "status", "q"];

export function summaryParams(listQuery: URLSearchParams, zone: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of SUMMARY_PARAMS) {
    const value = listQuery.get(name);
    if (value !== null) params.set(name, value);
  }
  params.set("tz", zone);
  return params;
}

export async function fetchTaskSummary(params: URLSearchParams, signal?: AbortSignal): Promise<TaskSummary> {
  const response = await dashboardFetch(`/api/tasks/summary?${params.toString()}`, signal);
  return (await response.json()) as TaskSummary;
}

export function isMirrorFilling(error: unknown): error is DashboardApiError {
  return error instanceof DashboardApiError && error.code === "mirror_not_ready";
}

/** About an hour of asking: a first fill of a big horizon takes minutes, not hours. */
const MIRROR_WAITS = 720;

export function summaryQuery(params: URLSearchParams) {
  return queryOptions({
    queryKey: ["tasks", "summary", params.toString()],
    queryFn: ({ signal }) => fetchTaskSummary(params, signal),
    staleTime: 60_000,
    retry: (failureCount: number, error: Error) =>
      isMirrorFilling(error) ? failureCount < MIRROR_WAITS : shouldRetry(failureCount, error),
    retryDelay: (failureCount: number, error: Error) =>
      isMirrorFilling(error) ? (error.retryAfterSeconds ?? 5) * 1000 : retryDelay(failureCount, error),
  });
}

/** "3 of 12 windows": the mirror's progress as its message states it, for a progress bar. */
export function mirrorProgress(message: string): { done: number; total: number } | undefined {
  const match = /(\d+) of (\d+) windows/.exec(message);
  if (!match) return undefined;
  const done = Number(match[1]);
  const total = Number(match[2]);
  return total > 0 && done <= total ? { done, total } : undefined;
}
