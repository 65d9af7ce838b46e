import type { BudgetSnapshot } from "@/lib/client/api-types";

/** A GET /api/budget answer (README's shape): 40 of 60 calls left and nobody queued, unless overridden. */
export function budgetSnapshot(overrides: Partial<BudgetSnapshot> = {}): BudgetSnapshot {
  return {
    limit: 60,
    remaining: 40,
    used_in_window: 20,
    queued: { interactive: 0, prefetch: 0, export: 0 },
    reset_in_seconds: 30,
    paused_for_seconds: 0,
    shared: true,
    ...overrides,
  };
}
