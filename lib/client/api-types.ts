import type { components } from "@/contract/service/api-types";

// The dashboard API passes the service's shapes through (decisions.md), so the browser uses the
// types generated from the service's OpenAPI document. Type-only: nothing of lib/server is bundled.

export type Task = components["schemas"]["Task"];
export type Location = components["schemas"]["Location"];

export interface TaskPage {
  data: Task[];
  next_cursor: string | null;
  /** When the dashboard's server fetched these rows from the service. */
  fetchedAt: string | null;
  /** True when the rows are served from the dashboard's cache after the service failed. */
  stale: boolean;
  /** Why they are stale: "budget" (the shared budget is spent for now), "unavailable" (the service failed). */
  staleReason: string | null;
}

export interface BudgetSnapshot {
  limit: number;
  remaining: number;
  used_in_window: number;
  /** Requests waiting for a slot, by priority (lib/server/upstream/budget/types.ts). */
  queued: { interactive: number; prefetch: number; export: number };
  reset_in_seconds: number;
  paused_for_seconds: number;
  shared: boolean;
}
