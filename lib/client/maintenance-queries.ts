import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Compliance, DuePage, DueSummary, ProgramList, VehiclePage } from "./api-types";
import { dashboardFetch, type JsonAnswer } from "./dashboard-api";
import { noteAnswerAsOf } from "./shown-freshness";
import { PAGE_SIZE, retryDelay, viewRetry } from "./task-queries";

// The maintenance views' reads: the programs learned from the fleet's history, and pages of where
// each vehicle stands on them. Both come from the task mirror, so they wait out a filling mirror.

export const programsQuery = queryOptions({
  queryKey: ["maintenance", "programs"],
  queryFn: async ({ signal, queryKey }): Promise<ProgramList> => {
    const response = await dashboardFetch("/api/maintenance/programs", signal);
    noteAnswerAsOf(queryKey, response);
    return (await response.json()) as JsonAnswer<"/api/maintenance/programs">;
  },
  staleTime: 60_000,
  retry: viewRetry,
  retryDelay,
});

/** Pages of GET /api/maintenance/due for these parameters (filters and sort, no paging). */
export function dueQuery(params: URLSearchParams) {
  return infiniteQueryOptions({
    queryKey: ["maintenance", "due", params.toString()],
    queryFn: async ({ signal, queryKey, pageParam }): Promise<DuePage> => {
      const query = new URLSearchParams(params);
      query.set("limit", String(PAGE_SIZE));
      if (pageParam) query.set("cursor", pageParam);
      const response = await dashboardFetch(`/api/maintenance/due?${query.toString()}`, signal);
      noteAnswerAsOf(queryKey, response);
      return (await response.json()) as JsonAnswer<"/api/maintenance/due">;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 60_000,
    retry: viewRetry,
    retryDelay,
  });
}

/** Due counts by the vehicles' last location (the locations page's Overdue column). */
export const dueSummaryQuery = queryOptions({
  queryKey: ["maintenance", "summary"],
  queryFn: async ({ signal, queryKey }): Promise<DueSummary> => {
    const response = await dashboardFetch("/api/maintenance/summary", signal);
    noteAnswerAsOf(queryKey, response);
    return (await response.json()) as JsonAnswer<"/api/maintenance/summary">;
  },
  staleTime: 60_000,
  retry: viewRetry,
  retryDelay,
});

/** Compliance for these parameters (a month, or none for every month). */
export function complianceQuery(params: URLSearchParams) {
  return queryOptions({
    queryKey: ["maintenance", "compliance", params.toString()],
    queryFn: async ({ signal, queryKey }): Promise<Compliance> => {
      const response = await dashboardFetch(`/api/maintenance/compliance?${params.toString()}`, signal);
      noteAnswerAsOf(queryKey, response);
      return (await response.json()) as JsonAnswer<"/api/maintenance/compliance">;
    },
    staleTime: 60_000,
    retry: viewRetry,
    retryDelay,
  });
}

/** Pages of GET /api/vehicles for a search and sort. */
export function vehiclesQuery(params: URLSearchParams) {
  return infiniteQueryOptions({
    queryKey: ["maintenance", "vehicles", params.toString()],
    queryFn: async ({ signal, queryKey, pageParam }): Promise<VehiclePage> => {
      const query = new URLSearchParams(params);
      query.set("limit", String(PAGE_SIZE));
      if (pageParam) query.set("cursor", pageParam);
      const response = await dashboardFetch(`/api/vehicles?${query.toString()}`, signal);
      noteAnswerAsOf(queryKey, response);
      return (await response.json()) as JsonAnswer<"/api/vehicles">;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 60_000,
    retry: viewRetry,
    retryDelay,
  });
}
