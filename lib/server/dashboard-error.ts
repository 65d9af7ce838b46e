import "server-only";
import { decodeQueryPairs } from "@/contract/query/query-pairs";
import type { components } from "@/contract/dashboard/api-types";

// The dashboard API's one error type, rendered as { error: { code, message, request_id } }, and
// the strict reading of a query that is its most common cause. Both sit below every module of the
// server, so the route wrapper, the use cases and the task mirror refuse a request in the same
// words. Messages are written for staff; upstream internals never appear in them.

/** The codes the dashboard's contract names (contract/dashboard/openapi.yaml), and no other. */
export type DashboardErrorCode = components["schemas"]["Error"]["error"]["code"];

const STATUS: Record<DashboardErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  // A change sent from a page of another site (a forged request riding the session cookie).
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  upstream_busy: 503,
  upstream_unavailable: 502,
  // The service answered and refuses the dashboard: a 502 as any upstream failure, with its own
  // code because no retry mends it (browsers stop retrying at once; lib/client/task-queries.ts).
  upstream_refused: 502,
  // The task mirror does not hold the request's windows yet; Retry-After says when to look again.
  mirror_not_ready: 503,
  // What must be recorded in the audit trail (an export, a refusal) is not done while it cannot be.
  audit_unavailable: 503,
  // The workspace's database (saved views) does not answer; nothing was changed.
  workspace_unavailable: 503,
  internal_error: 500,
};

export class DashboardError extends Error {
  readonly status: number;

  constructor(
    readonly code: DashboardErrorCode,
    message: string,
    readonly options: {
      retryAfterSeconds?: number;
      upstreamRequestId?: string;
      allow?: string;
      /** How fresh the data is that a refusal rests on (a mirror that holds no such thing, as of when). */
      freshness?: Readonly<Record<string, string>>;
    } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function dashboardErrorResponse(error: DashboardError, requestId: string): Response {
  const headers = new Headers({ "cache-control": "no-store", "x-request-id": requestId });
  if (error.options.retryAfterSeconds !== undefined)
    headers.set("retry-after", String(error.options.retryAfterSeconds));
  if (error.options.allow !== undefined) headers.set("allow", error.options.allow);
  for (const [name, value] of Object.entries(error.options.freshness ?? {})) headers.set(name, value);
  const body = {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      ...(error.options.upstreamRequestId ? { upstream_request_id: error.options.upstreamRequestId } : {}),
    },
  };
  return Response.json(body, { status: error.status, headers });
}

// The dashboard API reads its query as the service reads its own: malformed
// percent-encoding, unknown names and repeated names are refused, so a typo never silently
// widens a filter and a request the service would refuse never spends the shared budget.

/**
 * Next hands a route handler its URL with malformed percent-encoding already replaced by U+FFFD, so
 * that character stands for bytes that were not UTF-8 (the service refuses those; no id, filter value
 * or cursor holds it).
 */
const REPLACED_BYTES = "\uFFFD";

export function readQueryParams(url: URL, allowed: readonly string[]): Record<string, string> {
  const pairs = decodeQueryPairs(url.search.slice(1));
  if (
    !pairs ||
    pairs.some(([name, value]) => name.includes(REPLACED_BYTES) || value.includes(REPLACED_BYTES))
  )
    throw new DashboardError("invalid_request", "The query string is not valid percent-encoded UTF-8.");
  const params: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (!allowed.includes(name)) {
      const shown = name.slice(0, 40);
      throw new DashboardError(
        "invalid_request",
        allowed.length === 0
          ? `Unknown parameter "${shown}": this address takes no parameters.`
          : `Unknown parameter "${shown}".`,
      );
    }
    if (Object.hasOwn(params, name))
      throw new DashboardError("invalid_request", `Parameter "${name}" is repeated.`);
    params[name] = value;
  }
  return params;
}
