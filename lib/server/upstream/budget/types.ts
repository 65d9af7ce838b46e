import "server-only";
import type { UpstreamPriority } from "./thresholds";
import type { Clock } from "../clock";
import type { RequestWindow } from "./window/request-window";

// The public shapes of the upstream budget: its options, an acquire request, and what
// GET /api/budget shows.

export interface UpstreamBudgetOptions {
  window: RequestWindow;
  clock?: Clock;
  /** The most of the effective limit sync may hold in any minute (0 < share <= 1). */
  syncShare?: number;
  /** The service's rate-limit window (default a minute): how long a refused priority waits. */
  windowMs?: number;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  /** Absolute, on the budget's clock. */
  deadlineMs: number;
}

export interface BudgetSnapshot {
  limit: number;
  effectiveLimit: number;
  usedInWindow: number;
  /** Slots an interactive request could take right now (0 while paused). */
  remaining: number;
  queued: Record<UpstreamPriority, number>;
  /** Ms until the oldest call leaves the window, i.e. the next slot frees (0 when empty). */
  resetInMs: number;
  pausedForMs: number;
  /** The shared window is unreachable and this instance counts alone, on a reduced share. */
  degraded: boolean;
}
