import { queryOptions } from "@tanstack/react-query";
import type { components } from "@/contract/dashboard/api-types";
import { DashboardApiError, dashboardFetch } from "./dashboard-api";
import { retryDelay } from "./task-queries";

// What only the task mirror answers (its state, a vehicle's history, counts), for the browser.
// Types are the dashboard document's own (contract/dashboard/openapi.yaml).

type Schemas = components["schemas"];
export type MirrorStatus = Schemas["MirrorStatus"];
export type TaskSummary = Schemas["TaskSummary"];
export type Vehicle = Schemas["Vehicle"];

/** The mirror is still filling: the same request answers once it holds the windows. */
export function mirrorFilling(error: unknown): error is DashboardApiError {
  return error instanceof DashboardApiError && error.code === "mirror_not_ready";
}

/**
 * A filling mirror is waited out by asking again after its Retry-After (it fills in minutes, and
 * the page should fill in with it); a service that is away a few times; nothing else, since the
 * mirror answers from its own database and a refusal does not change.
 */
function mirrorRetry(failureCount: number, error: Error): boolean {
  if (mirrorFilling(error)) return true;
  return error instanceof DashboardApiError && error.status === 0 && failureCount < 3;
}

function mirrorRetryDelay(failureCount: number, error: Error): number {
  if (mirrorFilling(error)) return (error.retryAfterSeconds ?? 5) * 1000;
  return retryDelay(failureCount, error);
}

export async function fetchMirrorStatus(signal?: AbortSignal): Promise<MirrorStatus> {
  const response = await dashboardFetch("/api/mirror", signal);
  return (await response.json()) as MirrorStatus;
}

/** The header's freshness: the mirror's own database, no budget spent, so a poll is cheap. */
export const mirrorStatusQuery = queryOptions({
  queryKey: ["mirror", "status"],
  queryFn: ({ signal }) => fetchMirrorStatus(signal),
  refetchInterval: 30_000,
  retry: false,
});

export async function fetchVehicle(vehicleId: string, signal?: AbortSignal): Promise<Vehicle> {
  const response = await dashboardFetch(`/api/vehicles/${encodeURIComponent(vehicleId)}`, signal);
  return (await response.json()) as Vehicle;
}

export function vehicleQuery(vehicleId: string) {
  return queryOptions({
    queryKey: ["vehicles", vehicleId],
    queryFn: ({ signal }) => fetchVehicle(vehicleId, signal),
    staleTime: 60_000,
    retry: mirrorRetry,
    retryDelay: mirrorRetryDelay,
  });
}

export async function fetchTaskSummary(query: URLSearchParams, signal?: AbortSignal): Promise<TaskSummary> {
  const response = await dashboardFetch(`/api/tasks/summary?${query.toString()}`, signal);
  return (await response.json()) as TaskSummary;
}

export function taskSummaryQuery(query: URLSearchParams) {
  return queryOptions({
    queryKey: ["tasks", "summary", query.toString()],
    queryFn: ({ signal }) => fetchTaskSummary(query, signal),
    staleTime: 60_000,
    retry: mirrorRetry,
    retryDelay: mirrorRetryDelay,
  });
}
