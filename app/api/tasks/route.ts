import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { freshnessHeaders } from "@/lib/server/api/freshness-headers";
import { requestPriority } from "@/lib/server/api/request-priority";
import { parseTaskListParams } from "@/lib/server/api/task-list-params";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { withServerTiming } from "@/lib/server/bff/request-timing";
import { readDashboardTaskPage } from "@/lib/server/bff/task-data";

export const GET = dashboardRoute(({ request, signal }) =>
  withServerTiming(async () => {
    const backend = await dashboardBackend();
    const params = parseTaskListParams(new URL(request.url), backend.env.VTS_MAX_WINDOW_DAYS);
    const page = await readDashboardTaskPage(backend, params, requestPriority(request), signal);
    return Response.json(
      { data: page.data, next_cursor: page.next_cursor },
      { headers: freshnessHeaders(page) },
    );
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
