import { dashboardRoute, otherMethods, readQueryParams } from "@/lib/server/api";
import { answerLocations, dashboardBackend } from "@/lib/server/bff";

export const GET = dashboardRoute(async ({ request, signal, staff }) => {
  readQueryParams(new URL(request.url), []);
  return answerLocations(await dashboardBackend(), staff.access, signal);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
