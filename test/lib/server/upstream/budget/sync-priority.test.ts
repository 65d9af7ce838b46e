import { describe, expect, it } from "vitest";
import { budgetLimits, type UpstreamPriority } from "@/lib/server/upstream/budget/thresholds";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { FakeClock } from "../fake-clock";
import { teachLimit } from "./known-limit";

// The mirror's sync spends the budget people leave idle, and never in their way: at most its share
// of any minute, after every other waiter, and never so much that a person's request must wait.

const MINUTE = 60_000;

async function setup(syncShare?: number) {
  const clock = new FakeClock();
  const rateLog = new MemoryRateLog(clock);
  const budget = await teachLimit(new UpstreamBudget({ rateLog, clock, syncShare }), 60);
  const order: string[] = [];
  const acquire = (priority: UpstreamPriority, name: string) =>
    void budget.acquire(priority, { deadlineMs: clock.now() + 10 * MINUTE }).then(() => order.push(name));
  return { clock, rateLog, budget, order, acquire };
}

describe("the sync priority's threshold", () => {
  it("is the budget share of the effective limit, inside export's room less the reserve", () => {
    // 60 - 2 = 58 effective, reserve 9, export 40: sync at half may hold 29.
    expect(budgetLimits(60, 0.5).maxInLog).toEqual({
      interactive: 58,
      prefetch: 49,
      export: 40,
      sync: 29,
    });
    // All the budget asked for: still a reserve's worth under export's threshold.
    expect(budgetLimits(60, 1).maxInLog.sync).toBe(31);
    expect(budgetLimits(60, 0.1).maxInLog.sync).toBe(5);
    // Small limits leave sync nothing: every slot it took would be one a person waits for.
    expect(budgetLimits(20, 0.5).maxInLog.sync).toBe(3);
    expect(budgetLimits(10, 0.5).maxInLog.sync).toBe(0);
    expect(budgetLimits(3, 0.5).maxInLog.sync).toBe(0);
  });
});

describe("sync in the upstream budget", () => {
  it("takes idle budget up to its share of a minute, and no more", async () => {
    const { clock, order, acquire } = await setup(0.5);
    for (let i = 1; i <= 35; i++) acquire("sync", `s${i}`);
    await clock.advance(1);
    expect(order).toHaveLength(29);
    await clock.advance(MINUTE + 1_000);
    expect(order).toHaveLength(35);
  });

  it("never makes a person wait: a person's request is granted beside a full sync share", async () => {
    const { clock, budget, order, acquire } = await setup(0.5);
    for (let i = 1; i <= 40; i++) acquire("sync", `s${i}`);
    await clock.advance(1);
    // 29 held by sync: export's threshold (40) still has room for a reserve's worth of people.
    for (let i = 1; i <= 9; i++) acquire("interactive", `i${i}`);
    acquire("prefetch", "p1");
    acquire("export", "e1");
    await clock.advance(0);
    expect(order.slice(29)).toEqual([...Array.from({ length: 9 }, (_, i) => `i${i + 1}`), "p1", "e1"]);
    expect((await budget.snapshot()).queued).toEqual({ interactive: 0, prefetch: 0, export: 0, sync: 11 });
  });

  it("gives way to every other waiter, even one that came later", async () => {
    const { clock, rateLog, order, acquire } = await setup(0.5);
    await rateLog.raiseCountTo(58);
    acquire("sync", "s1");
    acquire("export", "e1");
    acquire("prefetch", "p1");
    acquire("interactive", "i1");
    await clock.advance(1);
    expect(order).toEqual([]);
    await clock.advance(MINUTE);
    expect(order).toEqual(["i1", "p1", "e1", "s1"]);
  });

  it("is refused at once, not queued, where the limit is too small to share", async () => {
    const clock = new FakeClock();
    const budget = await teachLimit(new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock }), 3);
    const sync = budget.acquire("sync", { deadlineMs: clock.now() + 10 * MINUTE });
    await expect(sync).rejects.toBeInstanceOf(BudgetExhaustedError);
    // The one slot of the minute is still there for a person.
    await budget.acquire("interactive", { deadlineMs: clock.now() });
  });

  it("takes nothing from a minute in which people already used its share", async () => {
    const { clock, order, acquire } = await setup(0.5);
    for (let i = 1; i <= 29; i++) acquire("interactive", `i${i}`);
    await clock.advance(0);
    acquire("sync", "s1");
    await clock.advance(30_000);
    expect(order).not.toContain("s1");
    await clock.advance(MINUTE);
    expect(order).toContain("s1");
  });
});
