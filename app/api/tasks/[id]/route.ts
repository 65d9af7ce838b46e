import { dashboardRoute, otherMethods, readQueryParams } from "@/lib/server/api";
import { answerTask, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute<{ id: string }>(({ request, params, signal, staff }) =>
  withServerTiming(async () => {
    readQueryParams(new URL(request.url), []);
    return answerTask(await dashboardBackend(), params.id, staff, signal);
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
