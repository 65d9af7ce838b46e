import { DashboardError, dashboardRoute, otherMethods, readQueryParams } from "@/lib/server/api";
import {
  dashboardBackend,
  freshnessHeaders,
  withServerTiming,
  mirrorFreshness,
  mirroredTask,
  readTask,
} from "@/lib/server/bff";
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
