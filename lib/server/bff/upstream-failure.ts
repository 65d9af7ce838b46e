import "server-only";
import { DashboardError } from "../dashboard-error";
import { BudgetExhaustedError, TokenUnavailableError, UpstreamError } from "../upstream";
import { isDatabaseUnavailable } from "@/platform/sql/sql-db";

// What staff see when the service (or the mirror's database) cannot answer: the error a request
// fails with, or, when older rows are served instead, why they are not fresh. A raw upstream 429
// never reaches a browser: an exhausted budget becomes 503 upstream_busy with the time to wait.

const CREDENTIALS_REFUSED = "The task service refuses the dashboard's credentials.";
/** A database restart takes seconds. */
const MIRROR_UNREACHABLE_RETRY_SECONDS = 5;

/**
 * The mirror's database went away (a restart, a network fault) while this instance runs: what only
 * the mirror answers waits for it; the pool reconnects once it is back.
 */
export function mirrorUnreachable(): DashboardError {
  return new DashboardError(
    "mirror_not_ready",
    "The task mirror's database cannot be reached just now; try again shortly.",
    { retryAfterSeconds: MIRROR_UNREACHABLE_RETRY_SECONDS },
  );
}

export function asDashboardError(error: unknown): DashboardError | undefined {
  if (error instanceof DashboardError) return error;
  // Only the mirror's reads reach a database here: one that went away mid-request.
  if (isDatabaseUnavailable(error)) return mirrorUnreachable();
  if (error instanceof BudgetExhaustedError) {
    return new DashboardError("upstream_busy", "The shared request budget is used up; retrying shortly.", {
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  if (error instanceof TokenUnavailableError) {
    if (error.reason === "rate_limited") {
      return new DashboardError(
        "upstream_busy",
        "The task service is throttling sign-ins; retrying shortly.",
        {
          retryAfterSeconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 10_000) / 1000)),
        },
      );
    }
    if (error.reason === "rejected") return new DashboardError("upstream_refused", CREDENTIALS_REFUSED);
    return new DashboardError("upstream_unavailable", "The dashboard cannot sign in to the task service.");
  }
  if (error instanceof UpstreamError && error.details.status === 429) {
    // The service kept refusing for its rate limit (something else spends the same client's
    // calls): as with a spent budget, staff are told to wait, and an export waits.
    return new DashboardError(
      "upstream_busy",
      "The task service's rate limit is used up; retrying shortly.",
      {
        retryAfterSeconds: Math.max(1, Math.ceil((error.details.retryAfterMs ?? 10_000) / 1000)),
        upstreamRequestId: error.details.upstreamRequestId,
      },
    );
  }
  if (error instanceof UpstreamError) {
    // The dashboard checks parameters by the service's own rules first, so this should not happen;
    // if the service is stricter than we know, staff still learn it was their request, not an outage.
    if (error.failure === "rejected" && error.details.status === 400) {
      return new DashboardError("invalid_request", "The task service refused these parameters.", {
        upstreamRequestId: error.details.upstreamRequestId,
      });
    }
    if (error.failure === "rejected") {
      const { status } = error.details;
      const message =
        status === 401 || status === 403
          ? CREDENTIALS_REFUSED
          : `The task service refused the request (${status ?? "no status"}).`;
      return new DashboardError("upstream_refused", message, {
        upstreamRequestId: error.details.upstreamRequestId,
      });
    }
    const message =
      error.failure === "timeout"
        ? "The task service did not answer in time."
        : "The task service is not available right now.";
    return new DashboardError("upstream_unavailable", message, {
      upstreamRequestId: error.details.upstreamRequestId,
    });
  }
  return undefined;
}

// How old the rows are, and why they are not fresh, for the UI's "data as of 14:03" banner: a
// person should learn whether the shared budget or the service is the reason.

/** "budget": no budget slot could be had in time; "unavailable": the service failed; "refreshing": a refresh runs behind it. */
export type StaleReason = "budget" | "unavailable" | "refreshing";

export function staleReason(refreshError: unknown): StaleReason {
  if (refreshError === undefined) return "refreshing";
  const spentBudget =
    asDashboardError(refreshError)?.code === "upstream_busy" ||
    (refreshError instanceof UpstreamError && refreshError.details.status === 429);
  return spentBudget ? "budget" : "unavailable";
}

export function freshnessHeaders(data: {
  fetchedAt: number;
  stale: boolean;
  staleBecause?: StaleReason;
  refreshError?: unknown;
}): Record<string, string> {
  return {
    "x-data-fetched-at": new Date(data.fetchedAt).toISOString(),
    "x-data-stale": String(data.stale),
    ...(data.stale ? { "x-data-stale-reason": data.staleBecause ?? staleReason(data.refreshError) } : {}),
  };
}
