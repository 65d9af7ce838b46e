import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { dashboardBackend, withServerTiming, answerTaskList } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, signal, staff }) =>
  withServerTiming(async () => answerTaskList(await dashboardBackend(), request, signal, staff.access)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
