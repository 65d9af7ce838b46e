import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Task, TaskPage } from "./api-types";
import type { TaskFilters, TimeWindow } from "./task-filters";
import { filterParams, retryDelay, viewRetry } from "./task-queries";
import { noteAnswerAsOf } from "./shown-freshness";
import { fetchTask, fetchTaskSummary, fetchVehicle } from "./view-api";

// The queries of the views beside the list: one task (the drawer, its page), the counts (the
// facets, the summary, the locations) and a vehicle. Apart from the list's (task-queries.ts), whose
// module every /tasks first load holds, while these load with the parts that show them.

export function taskQuery(id: string) {
  return queryOptions({
    queryKey: ["tasks", "one", id],
    queryFn: ({ signal, queryKey }) => fetchTask(id, signal, (answer) => noteAnswerAsOf(queryKey, answer)),
    staleTime: 60_000,
    retry: viewRetry,
    retryDelay,
  });
}

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

/** GET /api/tasks/summary's query: the list's filters without sort, days counted in `timeZone`. */
export function summaryParams(filters: TaskFilters, window: TimeWindow, timeZone: string): URLSearchParams {
  const query = filterParams(filters, window);
  query.set("tz", timeZone);
  return query;
}

/** Counts from the mirror; they change only as the sync does, so a minute's staleness is fine. */
export function taskSummaryQuery(query: URLSearchParams) {
  return queryOptions({
    queryKey: ["tasks", "summary", query.toString()],
    queryFn: ({ signal, queryKey }) =>
      fetchTaskSummary(query, signal, (answer) => noteAnswerAsOf(queryKey, answer)),
    staleTime: 60_000,
    retry: viewRetry,
    retryDelay,
  });
}

/** A vehicle's whole history, from the mirror (it waits out a filling mirror like the counts). */
export function vehicleQuery(vehicleId: string) {
  return queryOptions({
    queryKey: ["vehicles", vehicleId],
    queryFn: ({ signal, queryKey }) =>
      fetchVehicle(vehicleId, signal, (answer) => noteAnswerAsOf(queryKey, answer)),
    staleTime: 60_000,
    retry: viewRetry,
    retryDelay,
  });
}
