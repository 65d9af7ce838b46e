import { DashboardError } from "@/lib/server/api/dashboard-error";
import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { freshnessHeaders } from "@/lib/server/api/freshness-headers";
import { readQueryParams } from "@/lib/server/api/query-params";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { withServerTiming } from "@/lib/server/bff/request-timing";
import { readTask } from "@/lib/server/bff/task-data";
import { isTaskId } from "@/lib/task-id";

export const GET = dashboardRoute<{ id: string }>(({ request, params, signal }) =>
  withServerTiming(async () => {
    readQueryParams(new URL(request.url), []);
    if (!isTaskId(params.id)) throw new DashboardError("invalid_request", "That is not a task id.");
    const cached = await readTask(await dashboardBackend(), params.id, signal);
    if (!cached.value.task) throw new DashboardError("not_found", "No task has this id.");
    return Response.json(cached.value.task, { headers: freshnessHeaders(cached) });
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
