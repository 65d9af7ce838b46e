import "server-only";
import type { BudgetPriority, TaskPageQuery, Task } from "../upstream";
import { slicePage, type SlicedPage } from "./page-slicer";
import type { TaskListParams } from "./task-list-params";
import { staleReason } from "./upstream-failure";
import type { DashboardBackend } from "./dashboard-backend";
import type { Cached } from "./freshness-cache";
import { cacheOutcome, timedCacheRead } from "./request-timing";

// Cached reads of the service for the route handlers: coalesced, counted, timed, and with their
// age. What a request is for decides its place in the upstream budget's queue and how long it may
// wait there.

/** The waiting time a request may spend for a budget slot, by what it is for. */
const BUDGET_WAIT_MS = { interactive: 15_000, prefetch: 3_000, export: 60_000 } as const;

/** The UI marks its look-ahead requests, so people's requests go first. */
export function requestPriority(request: Request): "interactive" | "prefetch" {
  return request.headers.get("x-dashboard-priority") === "prefetch" ? "prefetch" : "interactive";
}

const call = (priority: BudgetPriority, signal: AbortSignal) => ({
  priority,
  signal,
  deadlineMs: Date.now() + BUDGET_WAIT_MS[priority],
});

async function countedRead<V>(
  backend: DashboardBackend,
  cache: "locations" | "task_pages" | "tasks",
  read: () => Promise<Cached<V>>,
): Promise<Cached<V>> {
  const cached = await timedCacheRead(read);
  backend.metrics.cacheRequests.inc({ cache, result: cacheOutcome(cached) });
  return cached;
}

export async function readLocations(backend: DashboardBackend, signal?: AbortSignal) {
  return countedRead(backend, "locations", () =>
    backend.locations.get(
      "all",
      async (flight) => ({ data: await backend.client.listLocations(call("interactive", flight)) }),
      signal,
    ),
  );
}

export async function readTaskPage(
  backend: DashboardBackend,
  query: TaskPageQuery,
  priority: BudgetPriority,
  signal?: AbortSignal,
) {
  const key = JSON.stringify(query);
  const cached = await countedRead(backend, "task_pages", () =>
    backend.taskPages.get(
      key,
      async (flight) => ({
        ...(await backend.client.listTasks(query, call(priority, flight))),
        fetchedAt: Date.now(),
        stale: false,
      }),
      signal,
      // A person's read never waits in a prefetch's or an export's lane, nor a 3 s deadline; and an
      // export takes no old page in place of one it could not read (it waits for the budget).
      { flight: `${priority} ${key}`, staleOnFailure: priority !== "export" },
    ),
  );
  return {
    ...cached.value,
    fetchedAt: cached.fetchedAt,
    stale: cached.stale,
    ...(cached.stale ? { staleBecause: staleReason(cached.refreshError) } : {}),
  };
}

export async function readTask(backend: DashboardBackend, id: string, signal?: AbortSignal) {
  return countedRead(backend, "tasks", () =>
    backend.tasks.get(
      id,
      async (flight) => ({ task: await backend.client.getTask(id, call("interactive", flight)) }),
      signal,
    ),
  );
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
