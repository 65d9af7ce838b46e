import { describe, expect, it } from "vitest";
import { budgetLimits, type BudgetPriority } from "@/lib/server/upstream/budget/thresholds";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { FakeClock } from "../fake-clock";
import { teachLimit } from "./known-limit";

const MINUTE = 60_000;

async function setup(limit: number) {
  const clock = new FakeClock();
  const rateLog = new MemoryRateLog(clock);
  const budget = await teachLimit(new UpstreamBudget({ rateLog, clock }), limit);
  const order: string[] = [];
  const acquire = (priority: BudgetPriority, name: string) =>
    void budget.acquire(priority, { deadlineMs: clock.now() + 10 * MINUTE }).then(() => order.push(name));
  return { clock, rateLog, budget, order, acquire };
}

describe("budget thresholds", () => {
  it("reserves 15% of the limit (at least 5) for interactive requests", () => {
    expect(budgetLimits(60).maxInLog).toEqual({ interactive: 58, prefetch: 49, export: 40, sync: 29 });
    expect(budgetLimits(20).maxInLog).toEqual({ interactive: 18, prefetch: 13, export: 8, sync: 3 });
    // Small limits: export keeps one slot (usable only in an otherwise empty rate log).
    expect(budgetLimits(10).maxInLog).toEqual({ interactive: 8, prefetch: 3, export: 1, sync: 0 });
    // A limit at or below the margin still lets one call through rather than none, ever.
    expect(budgetLimits(2).maxInLog).toEqual({ interactive: 1, prefetch: 1, export: 1, sync: 0 });
    // Above 33 the reserve is 15% of the limit, rounded up: 20 of 130.
    expect(budgetLimits(130).maxInLog).toEqual({
      interactive: 128,
      prefetch: 108,
      export: 88,
      sync: 64,
    });
  });
});

describe("upstream budget priorities", () => {
  it("serves waiting interactive requests before prefetch and export, FIFO within each", async () => {
    const { clock, rateLog, order, acquire } = await setup(10); // interactive 8, prefetch 3, export 1
    await rateLog.raiseCountTo(8); // full until one minute from now
    acquire("export", "e1");
    acquire("prefetch", "p1");
    acquire("interactive", "i1");
    acquire("prefetch", "p2");
    acquire("interactive", "i2");
    acquire("interactive", "i3");
    await clock.advance(1);
    expect(order).toEqual([]);
    await clock.advance(MINUTE);
    // All 8 phantoms left together: interactive first in arrival order; that fills prefetch's
    // threshold (3 in the rate log), so prefetch waits for those to leave, and export (threshold 1)
    // for an empty rate log.
    expect(order).toEqual(["i1", "i2", "i3"]);
    await clock.advance(MINUTE);
    expect(order).toEqual(["i1", "i2", "i3", "p1", "p2"]);
    await clock.advance(MINUTE);
    expect(order).toEqual(["i1", "i2", "i3", "p1", "p2", "e1"]);
  });

  it("keeps the reserve for interactive requests: prefetch waits while interactive gets it", async () => {
    const { clock, budget, order, acquire } = await setup(20); // interactive 18, prefetch 13, export 8
    for (let i = 1; i <= 13; i++) acquire("prefetch", `p${i}`);
    await clock.advance(0);
    expect(order).toHaveLength(13);
    acquire("prefetch", "p14");
    acquire("export", "e1");
    await clock.advance(1);
    expect(order).toHaveLength(13);
    for (let i = 1; i <= 5; i++) acquire("interactive", `i${i}`);
    await clock.advance(1);
    expect(order.slice(13)).toEqual(["i1", "i2", "i3", "i4", "i5"]);
    expect(await budget.snapshot()).toMatchObject({
      usedInWindow: 18,
      remaining: 0,
      queued: { interactive: 0, prefetch: 1, export: 1, sync: 0 },
    });
  });

  it("lets an interactive request overtake a prefetch that is already waiting", async () => {
    const { clock, rateLog, order, acquire } = await setup(20);
    await rateLog.raiseCountTo(13);
    acquire("prefetch", "p1");
    await clock.advance(1_000);
    acquire("interactive", "i1");
    await clock.advance(0);
    expect(order).toEqual(["i1"]);
  });
});
