import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { dashboardBackend, answerSummary, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, staff }) =>
  withServerTiming(async () => answerSummary(await dashboardBackend(), new URL(request.url), staff.access)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
