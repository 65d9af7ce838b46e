import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { answerExport } from "@/lib/server/bff/export-answer";

export const GET = dashboardRoute(async ({ request }) =>
  answerExport(await dashboardBackend(), new URL(request.url)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
