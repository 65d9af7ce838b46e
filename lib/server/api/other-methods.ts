import "server-only";
import { DashboardError, dashboardErrorResponse } from "./dashboard-error";

// Next answers a method that a route does not export with an empty 405, and OPTIONS with every
// exported method. The dashboard API is read-only: other methods get the documented error body and
// an Allow header, like the service's own 405s. No session is needed to learn that.

const ALLOW = "GET, HEAD, OPTIONS";

function refuse(): Response {
  const error = new DashboardError("method_not_allowed", `This address answers ${ALLOW} only.`, {
    allow: ALLOW,
  });
  return dashboardErrorResponse(error, crypto.randomUUID());
}

function options(): Response {
  return new Response(null, { status: 204, headers: { allow: ALLOW, "cache-control": "no-store" } });
}

/** For a read-only route: `export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;` */
export const otherMethods = { POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
