import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { dashboardBackend, answerMirrorStatus } from "@/lib/server/bff";

// The task mirror's state for operators and the UI: read from its database, no upstream call.
export const GET = dashboardRoute(async ({ request, staff }) =>
  answerMirrorStatus(await dashboardBackend(), new URL(request.url), staff.access),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
