import "server-only";

// What a request is for decides its place in the upstream budget's queue and how long it may wait.

/** The waiting time a request may spend for a budget slot, by what it is for. */
export const BUDGET_WAIT_MS = { interactive: 15_000, prefetch: 3_000, export: 60_000 } as const;

/** The UI marks its look-ahead requests, so people's requests go first. */
export function requestPriority(request: Request): "interactive" | "prefetch" {
  return request.headers.get("x-dashboard-priority") === "prefetch" ? "prefetch" : "interactive";
}
