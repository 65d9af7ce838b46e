import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerDueSummary, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, staff }) =>
  withServerTiming(async () =>
    answerDueSummary(await dashboardBackend(), new URL(request.url), staff.access),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
