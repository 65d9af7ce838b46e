import { describe, expect, it } from "vitest";
import type { BudgetSnapshot } from "@/lib/client/api-types";
import {
  estimateExport,
  exportWindowOf,
  windowFractionDone,
  type ExportEstimateInput,
} from "@/lib/client/export-estimate";
import { budgetSnapshot } from "./budget-snapshot";

const DAY_MS = 86_400_000;
const from = Date.parse("2026-11-01T00:00:00.000Z");
const window = { from, to: from + 10 * DAY_MS, order: "asc" as const };
const dayIso = (days: number) => new Date(from + days * DAY_MS).toISOString();

function snapshot(overrides: Partial<BudgetSnapshot> = {}): BudgetSnapshot {
  return budgetSnapshot({ remaining: 30, used_in_window: 30, reset_in_seconds: 20, ...overrides });
}

/** Started at 0 ms; rows arrived at 10 s, a quarter into the window; asked at 10 s. */
function input(overrides: Partial<ExportEstimateInput> = {}): ExportEstimateInput {
  return {
    window,
    lastStartedAt: dayIso(2.5),
    startedAt: 0,
    lastRowAt: 10_000,
    now: 10_000,
    budget: undefined,
    ...overrides,
  };
}

describe("the export's window", () => {
  it("is read from the export's query, ascending unless it says descending", () => {
    const query = new URLSearchParams({ from: dayIso(0), to: dayIso(10), task_type: "oil_change" });
    expect(exportWindowOf(query)).toEqual(window);
    query.set("order", "desc");
    expect(exportWindowOf(query)?.order).toBe("desc");
    expect(exportWindowOf(new URLSearchParams({ from: dayIso(1), to: dayIso(1) }))).toBeUndefined();
    expect(exportWindowOf(new URLSearchParams())).toBeUndefined();
  });
});

describe("how much of the window is done", () => {
  it("counts from `from` when ascending and from `to` when descending", () => {
    expect(windowFractionDone(window, dayIso(2.5))).toBeCloseTo(0.25);
    expect(windowFractionDone({ ...window, order: "desc" }, dayIso(2.5))).toBeCloseTo(0.75);
  });

  it("stays within 0..1 and is unknown without a readable time", () => {
    expect(windowFractionDone(window, dayIso(-1))).toBe(0);
    expect(windowFractionDone(window, dayIso(11))).toBe(1);
    expect(windowFractionDone(window, undefined)).toBeUndefined();
    expect(windowFractionDone(window, "Started (UTC)")).toBeUndefined();
  });
});

describe("the estimated time left", () => {
  it("is elapsed × (1 − fraction) / fraction once a row is in", () => {
    // A quarter in 10 s: three quarters take 30 s more.
    expect(estimateExport(input())).toEqual({ fraction: 0.25, secondsLeft: 30, atLeast: false });
  });

  it("counts down while rows flow, and holds while they stall: no work is done meanwhile", () => {
    expect(estimateExport(input({ now: 11_000 })).secondsLeft).toBe(29);
    expect(estimateExport(input({ now: 14_000 })).secondsLeft).toBe(28);
    expect(estimateExport(input({ now: 60_000 })).secondsLeft).toBe(28);
  });

  it("never goes below zero", () => {
    // Nearly done: 0.1 s of work left by the rate.
    const nearlyDone = input({ lastStartedAt: dayIso(9.999), now: 11_500 });
    expect(estimateExport(nearlyDone).secondsLeft).toBe(0);
  });

  it("is not given before there are rows, or while the share done is too small to go on", () => {
    expect(estimateExport(input({ lastStartedAt: undefined, lastRowAt: undefined }))).toEqual({
      fraction: undefined,
      secondsLeft: undefined,
      atLeast: false,
    });
    const tiny = estimateExport(input({ lastStartedAt: new Date(from + 60_000).toISOString() }));
    expect(tiny.fraction).toBeGreaterThan(0);
    expect(tiny.secondsLeft).toBeUndefined();
  });

  it("adds the wait of a budget that holds exports back, counted from when the snapshot arrived", () => {
    const spent = { snapshot: snapshot({ remaining: 0, reset_in_seconds: 20 }), receivedAt: 6_000 };
    // 30 s by the rate, plus 20 − 4 s until the budget grants again.
    expect(estimateExport(input({ budget: spent })).secondsLeft).toBe(46);
    // Calls are left for people, but an export is queued: exports stop short of the limit.
    const queued = {
      snapshot: snapshot({ queued: { interactive: 0, prefetch: 0, export: 1 } }),
      receivedAt: 6_000,
    };
    expect(estimateExport(input({ budget: queued })).secondsLeft).toBe(46);
    const paused = {
      snapshot: snapshot({ paused_for_seconds: 40, reset_in_seconds: 5 }),
      receivedAt: 10_000,
    };
    expect(estimateExport(input({ budget: paused })).secondsLeft).toBe(70);
  });

  it("ignores a budget that does not hold exports back", () => {
    const budget = { snapshot: snapshot({ remaining: 3 }), receivedAt: 10_000 };
    expect(estimateExport(input({ budget })).secondsLeft).toBe(30);
  });

  it("says only 'at least the budget's wait' before there are rows to go on", () => {
    const spent = { snapshot: snapshot({ remaining: 0, reset_in_seconds: 20 }), receivedAt: 0 };
    expect(
      estimateExport(input({ lastStartedAt: undefined, lastRowAt: undefined, now: 5_000, budget: spent })),
    ).toEqual({ fraction: undefined, secondsLeft: 15, atLeast: true });
  });
});
