import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { dashboardBackend, answerExport } from "@/lib/server/bff";

export const GET = dashboardRoute(async ({ request, staff, signal }) =>
  answerExport(await dashboardBackend(), new URL(request.url), staff, signal),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
