import type { BudgetSnapshot } from "./api-types";

// Below a quarter of the window's calls, while paused, or while people's requests queue, the table
// stops loading ahead of need and asks only for pages a person has scrolled to. A queued export
// does not count: it has the lowest priority, so it never holds up a person's page or a prefetch.
export function budgetIsLow(budget: BudgetSnapshot | undefined): boolean {
  if (!budget) return false;
  const peopleWaiting = budget.queued.interactive + budget.queued.prefetch;
  return budget.paused_for_seconds > 0 || peopleWaiting > 0 || budget.remaining < budget.limit * 0.25;
}

/**
 * No slot is left or every instance is paused: anything new would only queue. The table's Refresh
 * waits then, so rows already loaded are not traded for skeletons until the window frees.
 */
export function budgetIsSpent(budget: BudgetSnapshot | undefined): boolean {
  return budget !== undefined && (budget.paused_for_seconds > 0 || budget.remaining <= 0);
}

/** Every request waiting for a slot, exports included. */
export function queuedTotal(budget: BudgetSnapshot): number {
  return budget.queued.interactive + budget.queued.prefetch + budget.queued.export;
}
