import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerDueExport, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, staff }) =>
  withServerTiming(async () => answerDueExport(await dashboardBackend(), new URL(request.url), staff)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
