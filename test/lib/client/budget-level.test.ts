import { describe, expect, it } from "vitest";
import type { BudgetSnapshot } from "@/lib/client/api-types";
import { budgetIsLow, queuedRequests } from "@/lib/client/budget-level";

// GET /api/budget as the dashboard sends it: `queued` per priority (README, "Dashboard API").
const plenty: BudgetSnapshot = {
  limit: 60,
  remaining: 50,
  used_in_window: 10,
  queued: { interactive: 0, prefetch: 0, export: 0 },
  reset_in_seconds: 30,
  paused_for_seconds: 0,
  shared: true,
};

describe("the budget's level", () => {
  it("counts queued requests of every priority", () => {
    expect(queuedRequests({ ...plenty, queued: { interactive: 1, prefetch: 2, export: 3 } })).toBe(6);
  });

  it("is low while any request queues for a slot, even with calls left", () => {
    expect(budgetIsLow(plenty)).toBe(false);
    expect(budgetIsLow({ ...plenty, queued: { interactive: 0, prefetch: 0, export: 1 } })).toBe(true);
  });

  it("is low below a quarter of the limit or while paused", () => {
    expect(budgetIsLow({ ...plenty, remaining: 14 })).toBe(true);
    expect(budgetIsLow({ ...plenty, paused_for_seconds: 3 })).toBe(true);
  });
});
