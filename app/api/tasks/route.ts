import { dashboardRoute } from "@/lib/server/api";
import { otherMethods } from "@/lib/server/api";
import { dashboardBackend } from "@/lib/server/bff";
import { withServerTiming } from "@/lib/server/bff";
import { answerTaskList } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, signal }) =>
  withServerTiming(async () => answerTaskList(await dashboardBackend(), request, signal)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
