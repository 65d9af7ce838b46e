import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { Location, TaskPage } from "@/lib/client/api-types";
import { taskPageOf } from "@/lib/client/dashboard-api";
import { serverWindow, type ServedList } from "@/lib/client/served-window";
import { parseTaskFilters, windowProblem } from "@/lib/client/task-filters";
import { listParams, locationsQuery, PAGE_SIZE, taskListQuery } from "@/lib/client/task-queries";
import type { StaffAccess } from "@/lib/server/staff";
import {
  answerTaskList,
  dashboardBackend,
  firstReadSession,
  internalUrl,
  mirroredLocations,
  readWithin,
  refusedLocations,
  type DashboardBackend,
} from "@/lib/server/bff";

// The first page of /tasks, read while the server renders the page, so its rows are in the HTML
// and the browser's query cache starts with them (no /api/tasks request after hydration). The
// read is GET /api/tasks's own (answerTaskList): the mirror when it holds the window, else the
// live path through the budget and the cache, with the same session check first.

/**
 * How long the page waits for its rows. A mirror read or a cached page takes a few ms and a live
 * upstream call about 100; past this the budget is queueing, and the page goes out without rows
 * (the browser asks for them as it did before, and the BFF's cache may hold them by then).
 */
const DEADLINE_MS = 400;

export interface FirstTaskPage {
  state: DehydratedState;
  served: ServedList;
}

export async function firstTaskPage(
  search: URLSearchParams,
  maxWindowDays: number,
): Promise<FirstTaskPage | undefined> {
  const window = serverWindow(search, new Date());
  if (!window || windowProblem(window, maxWindowDays)) return undefined;
  const staff = await firstReadSession();
  if (!staff) return undefined;

  const filters = parseTaskFilters(search);
  const query = listParams(filters, window);
  // A location the reader may not see: the browser's own request goes through the API, which
  // records the refusal in the audit trail before it answers (or refuses while the trail is down).
  if (refusedLocations(staff.access, query).length > 0) return undefined;
  const read = await readWithin("tasks page", DEADLINE_MS, async (signal) => {
    const backend = await dashboardBackend();
    const [page, locations] = await Promise.all([
      readFirstPage(backend, query, staff.access, signal),
      mirroredLocations(backend, staff.access),
    ]);
    return page && { page, locations: locations?.data };
  });
  if (!read) return undefined;
  const client = new QueryClient();
  client.setQueryData(taskListQuery(query).queryKey, { pages: [read.page], pageParams: [""] });
  // The zones the rows' times are shown in; from the mirror only (it costs no upstream call), as
  // GET /api/locations answers when the mirror holds them. Without them the browser asks as before.
  if (read.locations) client.setQueryData(locationsQuery.queryKey, read.locations satisfies Location[]);
  return {
    state: dehydrate(client),
    served: {
      query: query.toString(),
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      filters: JSON.stringify(filters),
    },
  };
}

async function readFirstPage(
  backend: DashboardBackend,
  query: URLSearchParams,
  access: StaffAccess,
  signal: AbortSignal,
): Promise<TaskPage | undefined> {
  const url = internalUrl(`/api/tasks?${query.toString()}`);
  url.searchParams.set("limit", String(PAGE_SIZE));
  const response = await answerTaskList(backend, new Request(url), signal, access);
  if (!response.ok) return undefined;
  const page = await taskPageOf(response);
  // Saved rows shown because the service failed: the browser's own request says so, with the
  // time in the browser's zone, which the server cannot write.
  return page.stale ? undefined : page;
}
