import { describe, expect, it } from "vitest";
import type { BudgetSnapshot } from "@/lib/client/api-types";
import {
  estimateExport,
  exportWindowOf,
  recordProgress,
  windowFractionDone,
  type ExportEstimateInput,
  type ProgressSample,
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
    history: [{ at: 10_000, fraction: 0.25 }],
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
  it("is the pace so far applied to what is left", () => {
    // A quarter in 10 s: three quarters take 30 s more.
    expect(estimateExport(input())).toEqual({ fraction: 0.25, secondsLeft: 30, atLeast: false });
  });

  it("grows while no rows come: the pace counts the wait", () => {
    // The last 15 s brought nothing new since 10 s: a quarter in 15 s, so 45 s for the rest.
    expect(estimateExport(input({ now: 20_000 })).secondsLeft).toBe(45);
    // Nothing for a whole minute: the whole run's pace, a quarter in 90 s.
    expect(estimateExport(input({ now: 90_000 })).secondsLeft).toBe(270);
  });

  it("never goes below zero", () => {
    const nearlyDone = input({ lastStartedAt: dayIso(9.999), now: 11_500 });
    expect(estimateExport(nearlyDone).secondsLeft).toBe(0);
  });

  it("is not given before there are rows, in the first seconds, or while the share done is tiny", () => {
    expect(estimateExport(input({ lastStartedAt: undefined, lastRowAt: undefined }))).toEqual({
      fraction: undefined,
      secondsLeft: undefined,
      atLeast: false,
    });
    expect(estimateExport(input({ lastRowAt: 2_000, now: 2_500 })).secondsLeft).toBeUndefined();
    const tiny = estimateExport(input({ lastStartedAt: new Date(from + 60_000).toISOString() }));
    expect(tiny.fraction).toBeGreaterThan(0);
    expect(tiny.secondsLeft).toBeUndefined();
  });

  it("is at least the wait of a budget that holds exports back, counted from when the snapshot arrived", () => {
    const spent = { snapshot: snapshot({ remaining: 0, reset_in_seconds: 50 }), receivedAt: 6_000 };
    // 30 s by the pace, but no row comes for 50 − 4 s.
    expect(estimateExport(input({ budget: spent })).secondsLeft).toBe(46);
    const queued = {
      snapshot: snapshot({ reset_in_seconds: 10, queued: { interactive: 0, prefetch: 0, export: 1 } }),
      receivedAt: 6_000,
    };
    expect(estimateExport(input({ budget: queued })).secondsLeft).toBe(30);
    const paused = {
      snapshot: snapshot({ paused_for_seconds: 40, reset_in_seconds: 5 }),
      receivedAt: 10_000,
    };
    expect(estimateExport(input({ budget: paused })).secondsLeft).toBe(40);
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

describe("the export's progress history", () => {
  it("keeps what the last minute's pace needs, and where the export stood before it", () => {
    let history: ProgressSample[] = [];
    for (let at = 0; at <= 120_000; at += 10_000)
      history = recordProgress(history, { at, fraction: at / 200_000 });
    expect(history.map((sample) => sample.at)).toEqual([
      60_000, 70_000, 80_000, 90_000, 100_000, 110_000, 120_000,
    ]);
  });
});
