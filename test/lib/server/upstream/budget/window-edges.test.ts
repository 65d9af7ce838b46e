import { describe, expect, it } from "vitest";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import type { BudgetPriority } from "@/lib/server/upstream/budget/thresholds";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { FakeClock, track } from "../fake-clock";
import { teachLimit } from "./known-limit";

const MINUTE = 60_000;

async function setup(limit: number) {
  const clock = new FakeClock();
  const budget = await teachLimit(new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock }), limit);
  const grants: { at: number; priority: BudgetPriority }[] = [];
  const start = clock.now();
  const acquire = (priority: BudgetPriority, deadlineInMs = 10 * MINUTE) =>
    budget.acquire(priority, { deadlineMs: clock.now() + deadlineInMs }).then(() => {
      grants.push({ at: clock.now() - start, priority });
    });
  return { clock, budget, grants, start, acquire };
}

/** Most grants in any interval (t - 60 s, t]; checking at each grant covers every interval. */
function busiestMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let end = 0, begin = 0; end < sorted.length; end++) {
    while ((sorted[begin] ?? 0) <= (sorted[end] ?? 0) - MINUTE) begin++;
    most = Math.max(most, end - begin + 1);
  }
  return most;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing seed can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("upstream budget at window edges", () => {
  it("frees a slot exactly when the oldest grant is 60 s old, not a millisecond sooner", async () => {
    const { clock, start, grants, acquire } = await setup(10); // effective 8
    void acquire("interactive");
    await clock.advanceTo(start + 59_999);
    for (let i = 0; i < 9; i++) void acquire("interactive");
    await clock.advanceTo(start + 59_999);
    expect(grants.map((g) => g.at)).toEqual([0, ...Array<number>(7).fill(59_999)]);

    await clock.advanceTo(start + MINUTE - 1 + 1); // the first grant leaves at exactly +60 s
    expect(grants.map((g) => g.at).slice(8)).toEqual([MINUTE]);
    await clock.advanceTo(start + 119_998);
    expect(grants).toHaveLength(9);
    await clock.advanceTo(start + 119_999);
    expect(grants.map((g) => g.at).slice(9)).toEqual([119_999]);
    expect(clock.pendingSleeps).toBeLessThanOrEqual(1);
  });

  it("does not allow a double burst across a fixed-window boundary", async () => {
    const { clock, start, grants, acquire } = await setup(10);
    // 8 just before a (hypothetical) service window boundary, 8 more just after it.
    await clock.advanceTo(start + 59_900);
    for (let i = 0; i < 8; i++) void acquire("interactive");
    await clock.advanceTo(start + 60_100);
    for (let i = 0; i < 8; i++) void acquire("interactive");
    await clock.advanceTo(start + 60_100);
    expect(grants).toHaveLength(8);
    await clock.advanceTo(start + 59_900 + MINUTE);
    expect(grants).toHaveLength(16);
    expect(busiestMinute(grants.map((g) => g.at))).toBe(8);
  });

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`never exceeds limit - margin in any 60-s interval under random bursts (seed ${seed})`, async () => {
      const next = random(seed);
      const { clock, start, grants, budget } = await setup(20); // effective 18, prefetch 13, export 8
      const priorities: BudgetPriority[] = ["interactive", "prefetch", "export"];
      // 400 arrivals over 5 minutes, half of them crowded around the minute edges.
      const arrivals = Array.from({ length: 400 }, () => ({
        at:
          next() < 0.5
            ? Math.floor(next() * 5 * MINUTE)
            : Math.floor(next() * 5) * MINUTE + Math.floor(next() * 1_000) - 500,
        priority: priorities[Math.floor(next() * 3)] ?? "interactive",
        patience: Math.floor(next() * 90_000),
      })).sort((a, b) => a.at - b.at);
      const outcomes: ReturnType<typeof track>[] = [];
      for (const arrival of arrivals) {
        await clock.advanceTo(start + Math.max(0, arrival.at));
        const deadlineMs = clock.now() + arrival.patience;
        const granted = budget.acquire(arrival.priority, { deadlineMs }).then(() => {
          grants.push({ at: clock.now() - start, priority: arrival.priority });
          expect(clock.now()).toBeLessThanOrEqual(deadlineMs);
        });
        outcomes.push(track(granted));
        expect(clock.pendingSleeps).toBeLessThanOrEqual(1); // one timer, however many wait
      }
      await clock.advance(3 * MINUTE);

      expect(outcomes.every((o) => o.state !== "pending")).toBe(true);
      for (const o of outcomes.filter((o) => o.state === "rejected")) {
        expect(o.error).toBeInstanceOf(BudgetExhaustedError);
        expect((o.error as BudgetExhaustedError).retryAfterMs).toBeGreaterThan(0);
        expect((o.error as BudgetExhaustedError).retryAfterMs).toBeLessThanOrEqual(MINUTE);
      }
      const times = grants.map((g) => g.at);
      expect(busiestMinute(times)).toBe(18); // saturated, never above
      // Lower priorities only ever filled the rate log up to their own thresholds (counting the
      // grants made before each one, since several can share a millisecond).
      grants.forEach((grant, index) => {
        const inWindow = grants.slice(0, index + 1).filter((g) => g.at > grant.at - MINUTE).length;
        if (grant.priority === "prefetch") expect(inWindow).toBeLessThanOrEqual(13);
        if (grant.priority === "export") expect(inWindow).toBeLessThanOrEqual(8);
      });
      expect(clock.pendingSleeps).toBe(0);
    });
  }
});
