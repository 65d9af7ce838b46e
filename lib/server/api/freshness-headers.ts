import "server-only";
import { UpstreamError } from "../upstream";
import { asDashboardError } from "./upstream-failure";

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
