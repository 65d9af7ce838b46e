import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerCompliance, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request }) =>
  withServerTiming(async () => answerCompliance(await dashboardBackend(), new URL(request.url))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
