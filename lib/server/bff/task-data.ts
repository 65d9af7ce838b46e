import "server-only";
import type { BudgetPriority } from "../upstream/budget-thresholds";
import type { TaskPageQuery } from "../upstream/vts-client";
import { BUDGET_WAIT_MS } from "../api/request-priority";
import type { DashboardBackend } from "./dashboard-backend";
import { slicePage, type SlicedPage } from "../api/page-slicer";
import type { TaskListParams } from "../api/task-list-params";
import type { Task } from "../upstream/vts-schemas";

// Cached reads of the service for the route handlers: coalesced, counted, and with their age.

const call = (priority: BudgetPriority, signal: AbortSignal) => ({
  priority,
  signal,
  deadlineMs: Date.now() + BUDGET_WAIT_MS[priority],
});

export async function readLocations(backend: DashboardBackend, signal?: AbortSignal) {
  const cached = await backend.locations.get(
    "all",
    async (flight) => ({ data: await backend.client.listLocations(call("interactive", flight)) }),
    signal,
  );
  backend.metrics.cacheRequests.inc({
    cache: "locations",
    result: cached.stale ? "stale" : cached.hit ? "hit" : "miss",
  });
  return cached;
}

export async function readTaskPage(
  backend: DashboardBackend,
  query: TaskPageQuery,
  priority: BudgetPriority,
  signal?: AbortSignal,
) {
  const key = JSON.stringify(query);
  const cached = await backend.taskPages.get(
    key,
    async (flight) => ({
      ...(await backend.client.listTasks(query, call(priority, flight))),
      fetchedAt: Date.now(),
      stale: false,
    }),
    signal,
  );
  backend.metrics.cacheRequests.inc({
    cache: "task_pages",
    result: cached.stale ? "stale" : cached.hit ? "hit" : "miss",
  });
  return { ...cached.value, fetchedAt: cached.fetchedAt, stale: cached.stale };
}

export async function readTask(backend: DashboardBackend, id: string, signal?: AbortSignal) {
  const cached = await backend.tasks.get(
    id,
    async (flight) => ({ task: await backend.client.getTask(id, call("interactive", flight)) }),
    signal,
  );
  backend.metrics.cacheRequests.inc({
    cache: "tasks",
    result: cached.stale ? "stale" : cached.hit ? "hit" : "miss",
  });
  return cached;
}

/** GET /api/tasks between the session check and the response: the dashboard's page of a query. */
export function readDashboardTaskPage(
  backend: DashboardBackend,
  params: TaskListParams,
  priority: BudgetPriority,
  signal?: AbortSignal,
): Promise<SlicedPage<Task>> {
  return slicePage({
    cursor: params.cursor,
    limit: params.limit,
    binding: JSON.stringify(params.filters),
    codec: backend.cursors,
    loadUpstreamPage: (upstreamCursor) =>
      readTaskPage(backend, { ...params.filters, cursor: upstreamCursor ?? undefined }, priority, signal),
  });
}
