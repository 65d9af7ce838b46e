import { dashboardRoute } from "@/lib/server/api";
import { otherMethods } from "@/lib/server/api";
import { dashboardBackend } from "@/lib/server/bff";
import { answerSummary } from "@/lib/server/bff";
import { withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request }) =>
  withServerTiming(async () => answerSummary(await dashboardBackend(), new URL(request.url))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
