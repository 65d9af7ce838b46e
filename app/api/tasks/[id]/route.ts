import { DashboardError } from "@/lib/server/api/dashboard-error";
import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { freshnessHeaders } from "@/lib/server/api/freshness-headers";
import { readQueryParams } from "@/lib/server/api/query-params";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { withServerTiming } from "@/lib/server/bff/request-timing";
import { mirrorFreshness } from "@/lib/server/bff/mirror-gate";
import { mirroredTask } from "@/lib/server/bff/mirror-singles";
import { readTask } from "@/lib/server/bff/task-data";
import { isTaskId } from "@/lib/task-id";

export const GET = dashboardRoute<{ id: string }>(({ request, params, signal }) =>
  withServerTiming(async () => {
    readQueryParams(new URL(request.url), []);
    if (!isTaskId(params.id)) throw new DashboardError("invalid_request", "That is not a task id.");
    const backend = await dashboardBackend();
    const mirrored = await mirroredTask(backend, params.id);
    if (mirrored) return Response.json(mirrored.task, { headers: mirrorFreshness(mirrored.asOf) });
    const cached = await readTask(backend, params.id, signal);
    if (!cached.value.task) throw new DashboardError("not_found", "No task has this id.");
    return Response.json(cached.value.task, { headers: freshnessHeaders(cached) });
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
