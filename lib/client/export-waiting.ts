import type { BudgetSnapshot } from "./api-types";

// "Export all matching" and the shared upstream budget: exports come last by design, and while the
// budget is spent no row can arrive, whatever the rate so far. When rows stop coming, the export is
// almost always queued for the budget; the UI says so, with the budget's countdown, rather than
// showing a progress bar that silently stands still.

/** No new rows for this long reads as waiting, not streaming: a page arrives well within it. */
export const STALLED_AFTER_MS = 2_000;

/** A budget snapshot and when the browser received it (its seconds count from then). */
export interface BudgetReading {
  snapshot: BudgetSnapshot;
  receivedAt: number;
}

/** Seconds until the budget frees a slot (or its pause ends), counted down; undefined if not known. */
export function budgetResetSeconds(budget: BudgetReading | undefined, now: number): number | undefined {
  if (!budget) return undefined;
  const wait = Math.max(budget.snapshot.reset_in_seconds, budget.snapshot.paused_for_seconds);
  const left = Math.ceil(wait - (now - budget.receivedAt) / 1000);
  return left > 0 ? left : undefined;
}

/**
 * The budget holds exports back: it is spent or paused, or an export is queued for it. Exports stop
 * short of the limit to leave room for people, so one can queue while calls are left for others.
 * (The snapshot is up to a few seconds old, so a queue may show a moment after rows stop.)
 */
export function budgetHoldsExports(budget: BudgetReading | undefined): boolean {
  if (!budget) return false;
  const { remaining, paused_for_seconds, queued } = budget.snapshot;
  return remaining <= 0 || paused_for_seconds > 0 || queued.export > 0;
}

/** Seconds no export row can come in because of the budget; undefined while it does not hold them. */
export function budgetWaitSeconds(budget: BudgetReading | undefined, now: number): number | undefined {
  return budgetHoldsExports(budget) ? budgetResetSeconds(budget, now) : undefined;
}

/** How long no row has come in, once that is long enough to say so; undefined while rows flow. */
export function waitingForRowsMs(
  startedAt: number,
  lastRowAt: number | undefined,
  now: number,
): number | undefined {
  const waited = now - (lastRowAt ?? startedAt);
  return waited > STALLED_AFTER_MS ? waited : undefined;
}

/** What a stalled export waits for: the budget when it holds exports back, else the service too. */
export function describeExportWait(waitedMs: number, budget: BudgetReading | undefined, now: number): string {
  const waited = `No new rows for ${Math.floor(waitedMs / 1000)} s`;
  if (!budgetHoldsExports(budget)) {
    return `${waited}: waiting for the upstream service or the shared budget.`;
  }
  const reset = budgetResetSeconds(budget, now);
  const countdown = reset === undefined ? "" : `; the next slot frees in ${reset} s`;
  return `${waited}: waiting for the shared upstream budget, where exports go after people's requests${countdown}.`;
}
