import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerCompliance, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, staff }) =>
  withServerTiming(async () =>
    answerCompliance(await dashboardBackend(), new URL(request.url), staff.access),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
