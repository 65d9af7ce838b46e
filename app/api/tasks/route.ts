import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { freshnessHeaders } from "@/lib/server/api/freshness-headers";
import { slicePage } from "@/lib/server/api/page-slicer";
import { requestPriority } from "@/lib/server/api/request-priority";
import { parseTaskListParams } from "@/lib/server/api/task-list-params";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readTaskPage } from "@/lib/server/bff/task-data";

export const GET = dashboardRoute(async ({ request, signal }) => {
  const params = parseTaskListParams(
    new URL(request.url),
    (await dashboardBackend()).env.VTS_MAX_WINDOW_DAYS,
  );
  const backend = await dashboardBackend();
  const priority = requestPriority(request);
  const page = await slicePage({
    cursor: params.cursor,
    limit: params.limit,
    binding: JSON.stringify(params.filters),
    codec: backend.cursors,
    loadUpstreamPage: (upstreamCursor) =>
      readTaskPage(backend, { ...params.filters, cursor: upstreamCursor ?? undefined }, priority, signal),
  });
  return Response.json(
    { data: page.data, next_cursor: page.next_cursor },
    { headers: freshnessHeaders(page) },
  );
});
