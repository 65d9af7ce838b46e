import { DashboardError, dashboardRoute } from "@/lib/server/api";

// Any /api address no route serves: the documented JSON error (401 without a session, like every
// data route), not Next's HTML page.
function noSuchAddress(): never {
  throw new DashboardError("not_found", "The dashboard API has no such address.");
}

type CatchAll = { path?: string[] };

export const GET = dashboardRoute<CatchAll>(noSuchAddress);
export const POST = dashboardRoute<CatchAll>(noSuchAddress);
export const PUT = dashboardRoute<CatchAll>(noSuchAddress);
export const PATCH = dashboardRoute<CatchAll>(noSuchAddress);
export const DELETE = dashboardRoute<CatchAll>(noSuchAddress);
export const OPTIONS = dashboardRoute<CatchAll>(noSuchAddress);
