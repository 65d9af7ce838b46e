import type { BudgetSnapshot } from "./api-types";

// Below a quarter of the window's calls (or while paused or queueing), the table stops loading
// ahead of need and asks only for pages a person has scrolled to.
export function budgetIsLow(budget: BudgetSnapshot | undefined): boolean {
  if (!budget) return false;
  return (
    budget.paused_for_seconds > 0 || queuedRequests(budget) > 0 || budget.remaining < budget.limit * 0.25
  );
}

/** Requests waiting for a slot, whatever they are for. */
export function queuedRequests(budget: BudgetSnapshot): number {
  return budget.queued.interactive + budget.queued.prefetch + budget.queued.export;
}
