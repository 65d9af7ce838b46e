import "server-only";
import { apiSession, type StaffSession } from "../auth";
import { DashboardError, dashboardErrorResponse } from "../dashboard-error";
import { dashboardLogger, logRequest, routePattern, type RequestLogLine } from "../log";
import { asDashboardError, dashboardBackend, recordRefusedLocations } from "../bff";

// Every dashboard API route goes through this wrapper: it checks the session (the only check:
// proxy.ts leaves the data API to it), gives the request an id, maps anything thrown to the
// documented body, and logs one line per request (never its headers, cookies or query string).
// The methods a read-only route does not serve are answered here too, in the same body.

const CLIENT_CLOSED_REQUEST = 499;

const elapsed = (startedAt: number) => Math.round(performance.now() - startedAt);

export interface DashboardRequest {
  request: Request;
  requestId: string;
  /** Who is asking, and what they may do and see: every read narrows its answer to it. */
  staff: StaffSession;
  /** Aborts when the browser goes away, so queued upstream work is not spent for nobody. */
  signal: AbortSignal;
}

export function dashboardRoute<
  Params extends Record<string, string | string[] | undefined> = Record<string, never>,
>(handler: (context: DashboardRequest & { params: Params }) => Promise<Response>) {
  return async (request: Request, route?: { params: Promise<Params> }): Promise<Response> => {
    const requestId = crypto.randomUUID();
    const startedAt = performance.now();
    const path = new URL(request.url).pathname;
    const line: Omit<RequestLogLine, "status" | "duration_ms"> = {
      request_id: requestId,
      method: request.method,
      route: path,
      path,
    };
    let response: Response;
    try {
      // Next passes no params object to a route without dynamic segments.
      const params = ((route ? await route.params : undefined) ?? {}) as Params;
      line.route = routePattern(path, params);
      const staff = await apiSession(request.headers.get("cookie"));
      if (!staff) throw new DashboardError("unauthorized", "Sign in first.");
      line.staff = staff.email;
      await recordRefusedLocations(dashboardBackend, staff, new URL(request.url));
      response = await handler({ request, requestId, staff, signal: request.signal, params });
      response.headers.set("x-request-id", requestId);
      if (!response.headers.has("cache-control")) response.headers.set("cache-control", "private, no-store");
    } catch (error) {
      if (request.signal.aborted) {
        // The browser went away (a tab closed, a query superseded): no one reads this answer, and
        // nothing failed on our side. 499 as nginx logs it.
        line.error_code = "client_closed_request";
        response = new Response(null, { status: CLIENT_CLOSED_REQUEST });
      } else {
        const known =
          asDashboardError(error) ??
          new DashboardError("internal_error", "Something went wrong; the request id identifies it.");
        line.error_code = known.code;
        line.upstream_request_id = known.options.upstreamRequestId;
        line.err = error;
        response = dashboardErrorResponse(known, requestId);
      }
    }
    const logged = { ...line, status: response.status, duration_ms: elapsed(startedAt) };
    // Written once Next has sent the answer, not before: the line is a synchronous write to stdout
    // (a pipe to whoever collects the logs), the largest part of this wrapper's own time, which
    // the answer would otherwise wait for.
    // The logger is taken now: a setting that cannot be read fails this request, not a later tick.
    const logger = dashboardLogger();
    setImmediate(() => logRequest(logger, logged));
    return response;
  };
}

/** For a change only an admin may make: anyone else is refused before anything is read. */
export function requireAdmin(staff: StaffSession): void {
  if (staff.access.role !== "admin")
    throw new DashboardError(
      "forbidden",
      "Only an admin may change this; ask one of your dashboard's admins.",
    );
}

// Next answers a method that a route does not export with an empty 405, and OPTIONS with every
// exported method. A route answers the methods it exports; others get the documented error body
// and an Allow header, like the service's own 405s. No session is needed to learn that.

/** The answers to methods a route does not take: `refuse` for each, and `options`. */
export function methodsOtherThan(allow: string) {
  return {
    refuse: (): Response => {
      const error = new DashboardError("method_not_allowed", `This address answers ${allow} only.`, {
        allow,
      });
      return dashboardErrorResponse(error, crypto.randomUUID());
    },
    options: (): Response =>
      new Response(null, { status: 204, headers: { allow, "cache-control": "no-store" } }),
  };
}

const { refuse, options } = methodsOtherThan("GET, HEAD, OPTIONS");

/** For a read-only route: `export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;` */
export const otherMethods = { POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
