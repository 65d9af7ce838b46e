import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerDue, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, staff }) =>
  withServerTiming(async () => answerDue(await dashboardBackend(), new URL(request.url), staff.access)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
