import "server-only";
import { DashboardError } from "../dashboard-error";

/** A database restart takes seconds. */
const WORKSPACE_RETRY_SECONDS = 5;

/**
 * The workspace's database (saved views, start views) went away: a request that needs it waits for
 * it, and nothing it asked for was changed. A fault of another kind is not this: it is a 500.
 */
export function workspaceUnavailable(): DashboardError {
  return new DashboardError(
    "workspace_unavailable",
    "Saved views are kept in the dashboard's workspace, which cannot be reached just now; try again shortly.",
    { retryAfterSeconds: WORKSPACE_RETRY_SECONDS },
  );
}
