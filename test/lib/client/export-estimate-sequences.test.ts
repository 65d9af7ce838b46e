// The export's time left, asked second by second along runs as they happen: rows come in bursts
// when the shared budget grants the export a slot, and not at all while colleagues use it.
import { describe, expect, it } from "vitest";
import { estimateExport, type ExportEstimateInput } from "@/lib/client/export-estimate";
import type { BudgetReading } from "@/lib/client/export-waiting";
import { budgetSnapshot } from "./budget-snapshot";

const window = { from: Date.parse("2026-10-01T00:00:00.000Z"), to: Date.parse("2026-10-31T00:00:00.000Z") };
const order = "asc" as const;
/** An export of 36 upstream pages of 500 rows; a page moves it a 36th through the window. */
const PAGES = 36;

interface Arrival {
  at: number;
  fraction: number;
}

/** Pages arriving at these moments (ms since the export started), in order. */
function pagesAt(times: number[]): Arrival[] {
  return times.map((at, index) => ({ at, fraction: (index + 1) / PAGES }));
}

const held = (now: number): BudgetReading => ({
  snapshot: budgetSnapshot({
    remaining: 0,
    reset_in_seconds: 5,
    queued: { interactive: 0, prefetch: 0, export: 1 },
  }),
  receivedAt: now,
});
const free = (now: number): BudgetReading => ({
  snapshot: budgetSnapshot({ remaining: 30 }),
  receivedAt: now,
});

/** What the panel hands the estimator at `now`: the latest row, and every moment the rows grew. */
function inputAt(arrivals: Arrival[], now: number, budget: BudgetReading | undefined): ExportEstimateInput {
  const seen = arrivals.filter((arrival) => arrival.at <= now);
  const last = seen.at(-1);
  const startedAt = last && new Date(window.from + last.fraction * (window.to - window.from) - 1);
  return {
    window: { ...window, order },
    lastStartedAt: startedAt?.toISOString(),
    startedAt: 0,
    lastRowAt: last?.at,
    now,
    budget,
    history: seen,
  };
}

function secondsLeftAt(arrivals: Arrival[], now: number, budget: BudgetReading | undefined): number {
  const { secondsLeft } = estimateExport(inputAt(arrivals, now, budget));
  expect(secondsLeft, `an estimate at ${now / 1000} s`).toBeDefined();
  return secondsLeft ?? NaN;
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

describe("the export's estimate along real runs", () => {
  // The audit's run: 11% in the first seconds, then colleagues scrolling held the export back for
  // over 100 s, then the budget freed and the rest came in 40 s.
  const burst = [800, 1_600, 2_400, 3_200];
  const rest = range(1, PAGES - burst.length, 1).map((page) => 111_000 + page * 1_250);
  const audit = pagesAt([...burst, ...rest]);
  const end = rest.at(-1) ?? 0;
  const budgetAt = (now: number) => (now < 111_000 ? held(now) : free(now));

  it("while no rows come, says more time is needed the longer they stay away, never 'a few seconds'", () => {
    let previous = 0;
    for (const now of range(25_000, 110_000, 5_000)) {
      const left = secondsLeftAt(audit, now, budgetAt(now));
      expect(left, `at ${now / 1000} s, nothing for ${(now - 3_200) / 1000} s`).toBeGreaterThanOrEqual(60);
      expect(left).toBeGreaterThanOrEqual(previous);
      previous = left;
    }
  });

  it("once rows flow again, follows the rate the export now gets within 15 s", () => {
    for (const now of range(126_000, end - 5_000, 5_000)) {
      const truth = (end - now) / 1000;
      const left = secondsLeftAt(audit, now, budgetAt(now));
      expect(left, `at ${now / 1000} s, ${truth} s left`).toBeGreaterThanOrEqual(truth * 0.5);
      expect(left, `at ${now / 1000} s, ${truth} s left`).toBeLessThanOrEqual(truth * 2);
    }
  });

  it("with a steady share of the budget (a burst of pages each minute), stays near the truth", () => {
    const bursts = range(0, 5, 1).flatMap((minute) =>
      range(0, 5, 1).map((page) => 1_000 + minute * 60_000 + page * 500),
    );
    const run = pagesAt(bursts);
    const finish = bursts.at(-1) ?? 0;
    for (const now of range(90_000, 240_000, 5_000)) {
      const truth = (finish - now) / 1000;
      const left = secondsLeftAt(run, now, held(now));
      expect(left, `at ${now / 1000} s, ${truth} s left`).toBeGreaterThanOrEqual(truth * 0.5);
      expect(left, `at ${now / 1000} s, ${truth} s left`).toBeLessThanOrEqual(truth * 2);
    }
  });

  it("with the budget to itself (a page every 1.5 s), is close from the first seconds", () => {
    const run = pagesAt(range(1, PAGES, 1).map((page) => page * 1_500));
    const finish = PAGES * 1_500;
    for (const now of range(10_000, 50_000, 2_500)) {
      const truth = (finish - now) / 1000;
      const left = secondsLeftAt(run, now, free(now));
      expect(Math.abs(left - truth), `at ${now / 1000} s, ${truth} s left`).toBeLessThanOrEqual(
        Math.max(3, truth * 0.3),
      );
    }
  });

  it("gives no figure from the first second's rows alone", () => {
    expect(estimateExport(inputAt(audit, 2_000, free(2_000))).secondsLeft).toBeUndefined();
  });
});
