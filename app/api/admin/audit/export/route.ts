import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerAuditExport, dashboardBackend } from "@/lib/server/bff";

export const GET = dashboardRoute(async ({ request, staff }) =>
  answerAuditExport(await dashboardBackend(), new URL(request.url), staff),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
