import "server-only";
import { capacity, type RateLogState } from "./rate-log/rate-log";

// How much of the rate log each priority may fill. Interactive work (a person waiting for a table
// page or a detail view) may use the whole effective limit; prefetch stops `reserve` short of it
// and export `2 * reserve` short, so those always leave room for people. The mirror's sync stops
// a further `reserve` short of export, and at its share of the effective limit: it only ever
// fills what people leave idle, and a person arriving finds the room sync did not take.

/** The priorities of requests made for people (route handlers). */
export type BudgetPriority = "interactive" | "prefetch" | "export";

/** Every priority the budget serves: people's, and the mirror's sync below them. */
export type UpstreamPriority = BudgetPriority | "sync";

/** Most important first: the order in which waiting requests are served. */
export const PRIORITIES: readonly UpstreamPriority[] = ["interactive", "prefetch", "export", "sync"];

/** The mirror's default share of the budget (MIRROR_BUDGET_SHARE). */
export const DEFAULT_SYNC_SHARE = 0.5;

/** Slots kept free below the limit, for the service's window misalignment and network jitter. */
const SAFETY_MARGIN = 2;

/** Slots only interactive requests may use: 15% of the limit, at least 5. */
function reserveFor(limit: number): number {
  return Math.max(5, Math.ceil(limit * 0.15));
}

export interface BudgetLimits {
  /** The upstream's limit as last learned. */
  limit: number;
  /** limit - safety margin: the most grants any 60-s interval may hold. */
  effective: number;
  reserve: number;
  maxInLog: Record<UpstreamPriority, number>;
}

export function budgetLimits(limit: number, syncShare = DEFAULT_SYNC_SHARE): BudgetLimits {
  // Never 0: a limit at or below the margin would otherwise stop all traffic for good.
  const effective = Math.max(1, limit - SAFETY_MARGIN);
  const reserve = reserveFor(limit);
  const prefetch = clamp(effective - reserve, 1, effective);
  // Export keeps at least one slot, usable only when the rate log is otherwise empty.
  const exportMax = clamp(effective - 2 * reserve, 1, prefetch);
  // Unlike the others sync may get nothing: at a limit this small, any slot it took is one a
  // person would wait a minute for.
  const sync = clamp(Math.min(effective - 3 * reserve, Math.floor(effective * syncShare)), 0, exportMax);
  return {
    limit,
    effective,
    reserve,
    maxInLog: { interactive: effective, prefetch, export: exportMax, sync },
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Least ms until a request allowed `maxInLog` entries can be granted: after any pause, and,
 * when the rate log is at that threshold, once the oldest entry leaves (slots only ever free that way).
 */
export function minimumWaitMs(state: RateLogState, maxInLog: number): number {
  const full = state.count >= capacity(maxInLog, state.share);
  return Math.max(state.pausedForMs, full ? (state.freeInMs ?? 0) : 0);
}
