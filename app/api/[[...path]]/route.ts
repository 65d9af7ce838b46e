import { DashboardError } from "@/lib/server/api/dashboard-error";
import { dashboardRoute } from "@/lib/server/api/dashboard-route";

// Any /api address no route serves: the documented JSON error (401 without a session, like every
// data route), not Next's HTML page.
function noSuchAddress(): never {
  throw new DashboardError("not_found", "The dashboard API has no such address.");
}

export const GET = dashboardRoute(noSuchAddress);
export const POST = dashboardRoute(noSuchAddress);
export const PUT = dashboardRoute(noSuchAddress);
export const PATCH = dashboardRoute(noSuchAddress);
export const DELETE = dashboardRoute(noSuchAddress);
export const OPTIONS = dashboardRoute(noSuchAddress);
