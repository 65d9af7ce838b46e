import { describe, expect, it } from "vitest";
import { budgetIsLow, budgetIsSpent, queuedTotal } from "@/lib/client/budget-level";
import { budgetSnapshot } from "./budget-snapshot";

const budget = budgetSnapshot;

describe("budgetIsLow", () => {
  it("is not low with most of the window left and nobody waiting", () => {
    expect(budgetIsLow(budget())).toBe(false);
  });

  it("is low below a quarter of the window, while paused, or while people's requests queue", () => {
    expect(budgetIsLow(budget({ remaining: 14 }))).toBe(true);
    expect(budgetIsLow(budget({ paused_for_seconds: 5 }))).toBe(true);
    expect(budgetIsLow(budget({ queued: { interactive: 2, prefetch: 0, export: 0 } }))).toBe(true);
    expect(budgetIsLow(budget({ queued: { interactive: 0, prefetch: 1, export: 0 } }))).toBe(true);
  });

  it("ignores a queued export, which never holds up a person's page", () => {
    expect(budgetIsLow(budget({ queued: { interactive: 0, prefetch: 0, export: 3 } }))).toBe(false);
  });
});

describe("budgetIsSpent", () => {
  it("is spent with no slot left or while paused, not merely low, and not before the first reading", () => {
    expect(budgetIsSpent(budget({ remaining: 0 }))).toBe(true);
    expect(budgetIsSpent(budget({ paused_for_seconds: 12 }))).toBe(true);
    expect(budgetIsSpent(budget({ remaining: 1 }))).toBe(false);
    expect(budgetIsSpent(undefined)).toBe(false);
  });
});

describe("queuedTotal", () => {
  it("counts every priority", () => {
    expect(queuedTotal(budget({ queued: { interactive: 1, prefetch: 2, export: 4 } }))).toBe(7);
  });
});
