import "server-only";
import { auth } from "../auth/auth";
import { DashboardError, dashboardErrorResponse } from "./dashboard-error";
import { asDashboardError } from "./upstream-failure";

// Every dashboard API route goes through this wrapper: it checks the session (proxy.ts is only
// a first gate), gives the request an id, and maps anything thrown to the documented body.

export interface DashboardRequest {
  request: Request;
  requestId: string;
  staffEmail: string;
  /** Aborts when the browser goes away, so queued upstream work is not spent for nobody. */
  signal: AbortSignal;
}

export function dashboardRoute<Params extends Record<string, string> = Record<string, never>>(
  handler: (context: DashboardRequest & { params: Params }) => Promise<Response>,
) {
  return async (request: Request, route?: { params: Promise<Params> }): Promise<Response> => {
    const requestId = crypto.randomUUID();
    try {
      const session = await auth();
      const staffEmail = session?.user?.email;
      if (!staffEmail) throw new DashboardError("unauthorized", "Sign in first.");
      const params = route ? await route.params : ({} as Params);
      const response = await handler({ request, requestId, staffEmail, signal: request.signal, params });
      response.headers.set("x-request-id", requestId);
      if (!response.headers.has("cache-control")) response.headers.set("cache-control", "private, no-store");
      return response;
    } catch (error) {
      const known = asDashboardError(error);
      if (known) return dashboardErrorResponse(known, requestId);
      console.error(
        JSON.stringify({
          level: "error",
          request_id: requestId,
          msg: "dashboard api failed",
          err: String(error),
        }),
      );
      return dashboardErrorResponse(
        new DashboardError("internal_error", "Something went wrong; the request id identifies it."),
        requestId,
      );
    }
  };
}
