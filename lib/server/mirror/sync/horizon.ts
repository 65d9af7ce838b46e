import "server-only";
import { DAY_MS } from "@/contract/query/day";

// The span the mirror holds, [now - days back, now + days ahead), widened to whole UTC days and
// cut into one window per day. A day is small enough that a person's view (a day, a week, a
// quarter) maps onto a few windows with their own freshness; walks span many windows at once, so
// the size of a window costs no upstream calls (plan.ts).

export interface Horizon {
  /** Inclusive, ms. */
  from: number;
  /** Exclusive, ms. */
  to: number;
}

export function horizonAt(now: number, daysBack: number, daysAhead: number): Horizon {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { from: today - daysBack * DAY_MS, to: today + (daysAhead + 1) * DAY_MS };
}

export function windowStarts(horizon: Horizon): number[] {
  const starts: number[] = [];
  for (let start = horizon.from; start < horizon.to; start += DAY_MS) starts.push(start);
  return starts;
}
