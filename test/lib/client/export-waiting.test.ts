import { describe, expect, it } from "vitest";
import type { BudgetSnapshot } from "@/lib/client/api-types";
import {
  budgetResetSeconds,
  budgetWaitSeconds,
  describeExportWait,
  waitingForRowsMs,
} from "@/lib/client/export-waiting";
import { budgetSnapshot } from "./budget-snapshot";

const NONE_QUEUED = { interactive: 0, prefetch: 0, export: 0 };

function reading(overrides: Partial<BudgetSnapshot>, receivedAt = 0) {
  const snapshot = budgetSnapshot({
    remaining: 10,
    used_in_window: 50,
    queued: { interactive: 0, prefetch: 0, export: 1 },
    reset_in_seconds: 12,
    ...overrides,
  });
  return { snapshot, receivedAt };
}

describe("an export that gets no rows", () => {
  it("is waiting once no row has come for more than 2 s, counted from the start before the first", () => {
    expect(waitingForRowsMs(0, undefined, 2_000)).toBeUndefined();
    expect(waitingForRowsMs(0, undefined, 2_500)).toBe(2_500);
    expect(waitingForRowsMs(0, 9_000, 10_000)).toBeUndefined();
    expect(waitingForRowsMs(0, 9_000, 14_000)).toBe(5_000);
  });

  it("says it waits for the budget while requests queue for it, with its countdown when known", () => {
    expect(describeExportWait(5_400, reading({ reset_in_seconds: 12 }, 1_000), 4_000)).toBe(
      "No new rows for 5 s: waiting for the shared upstream budget, where exports go after people's requests; the next slot frees in 9 s.",
    );
    expect(
      describeExportWait(3_000, reading({ queued: NONE_QUEUED, remaining: 0, reset_in_seconds: 1 }), 4_000),
    ).toBe(
      "No new rows for 3 s: waiting for the shared upstream budget, where exports go after people's requests.",
    );
  });

  it("does not blame the budget when it has room and nothing queues for it", () => {
    const roomy = "No new rows for 3 s: waiting for the upstream service or the shared budget.";
    expect(
      describeExportWait(
        3_000,
        reading({ queued: { interactive: 2, prefetch: 1, export: 0 }, remaining: 10 }),
        4_000,
      ),
    ).toBe(roomy);
    expect(describeExportWait(3_000, undefined, 4_000)).toBe(roomy);
  });
});

describe("the budget's countdown", () => {
  it("counts down from when the snapshot arrived and ends at zero", () => {
    expect(budgetResetSeconds(reading({ reset_in_seconds: 12 }, 1_000), 3_500)).toBe(10);
    expect(budgetResetSeconds(reading({ reset_in_seconds: 12 }, 1_000), 13_000)).toBeUndefined();
    expect(budgetResetSeconds(reading({ reset_in_seconds: 2, paused_for_seconds: 30 }), 0)).toBe(30);
  });

  it("holds export rows back while the budget is spent or paused, or an export queues for it", () => {
    expect(budgetWaitSeconds(reading({ queued: NONE_QUEUED, remaining: 10 }), 0)).toBeUndefined();
    expect(budgetWaitSeconds(reading({ queued: { ...NONE_QUEUED, interactive: 3 } }), 0)).toBeUndefined();
    expect(budgetWaitSeconds(reading({ queued: { ...NONE_QUEUED, export: 1 } }), 0)).toBe(12);
    expect(budgetWaitSeconds(reading({ queued: NONE_QUEUED, remaining: 0 }), 0)).toBe(12);
    const paused = reading({ queued: NONE_QUEUED, paused_for_seconds: 7, reset_in_seconds: 0 });
    expect(budgetWaitSeconds(paused, 0)).toBe(7);
  });
});
