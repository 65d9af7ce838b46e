import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerAuditList, dashboardBackend } from "@/lib/server/bff";

export const GET = dashboardRoute(async ({ request, staff }) =>
  answerAuditList(await dashboardBackend(), new URL(request.url), staff),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
