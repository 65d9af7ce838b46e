import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { answerSummary } from "@/lib/server/bff/mirror-reads";
import { withServerTiming } from "@/lib/server/bff/request-timing";

export const GET = dashboardRoute(({ request }) =>
  withServerTiming(async () => answerSummary(await dashboardBackend(), new URL(request.url))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
