import { DashboardApiError } from "./dashboard-api";

// Only the task mirror answers the summary. While it fills, the summary's query is asked again
// after each Retry-After (task-queries.ts); meanwhile the panel shows how far the mirror is.

export function isMirrorFilling(error: unknown): error is DashboardApiError {
  return error instanceof DashboardApiError && error.code === "mirror_not_ready";
}

/** "3 of 12 windows": the mirror's progress as its message states it, for a progress bar. */
export function mirrorProgress(message: string): { done: number; total: number } | undefined {
  const match = /(\d+) of (\d+) windows/.exec(message);
  if (!match) return undefined;
  const done = Number(match[1]);
  const total = Number(match[2]);
  return total > 0 && done <= total ? { done, total } : undefined;
}
