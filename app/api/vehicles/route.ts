import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerVehicles, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, staff }) =>
  withServerTiming(async () => answerVehicles(await dashboardBackend(), new URL(request.url), staff.access)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
