import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { withServerTiming } from "@/lib/server/bff/request-timing";
import { answerTaskList } from "@/lib/server/bff/task-list";

export const GET = dashboardRoute(({ request, signal }) =>
  withServerTiming(async () => answerTaskList(await dashboardBackend(), request, signal)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
