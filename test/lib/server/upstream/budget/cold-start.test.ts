// A budget that has not yet heard the service's limit sends one probe, then follows the header; so
// does one at each new window of the service and after the service was out of reach, since the
// service may come back with another limit (restarted with another setting).
import { describe, expect, it } from "vitest";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import { budgetLimits } from "@/lib/server/upstream/budget/thresholds";
import { FakeClock, settle, track } from "../fake-clock";

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});

function coldBudget() {
  const clock = new FakeClock();
  const budget = new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock });
  const acquire = (deadlineInMs = 30_000) =>
    track(budget.acquire("interactive", { deadlineMs: clock.now() + deadlineInMs }));
  return { clock, budget, acquire };
}

describe("a cold upstream budget", () => {
  it("lets one call through until the service states its limit, then no more than that limit allows", async () => {
    const { budget, acquire } = coldBudget();
    const burst = Array.from({ length: 20 }, () => acquire());
    await settle();
    expect(burst.filter((call) => call.state === "resolved")).toHaveLength(1);
    await budget.recordResponse(200, headers({ "x-ratelimit-limit": "10", "x-ratelimit-remaining": "9" }));
    await settle();
    // Limit 10 less the safety margin of 2: eight calls in the rate log, the probe among them.
    expect(burst.filter((call) => call.state === "resolved")).toHaveLength(8);
  });

  it("does not fail waiters on a guess, only when their own deadline passes", async () => {
    const { clock, acquire } = coldBudget();
    acquire();
    const waiting = acquire(3_000);
    await clock.advance(2_000);
    expect(waiting.state).toBe("pending");
    await clock.advance(1_500);
    expect(waiting.state).toBe("rejected");
    expect(waiting.error).toBeInstanceOf(BudgetExhaustedError);
  });

  it("lets the next caller probe when the first probe's answer never comes", async () => {
    const { clock, acquire } = coldBudget();
    acquire();
    const second = acquire(60_000);
    await clock.advance(5_100);
    expect(second.state).toBe("resolved");
  });

  it("sends one call alone into each new window of the service, and follows the limit it states", async () => {
    const { clock, budget, acquire } = coldBudget();
    acquire();
    await settle();
    // Limit 60, window ends in 30 s: calls flow while it lasts.
    await budget.recordResponse(
      200,
      headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "59", "x-ratelimit-reset": "30" }),
    );
    const before = Array.from({ length: 5 }, () => acquire());
    await settle();
    expect(before.every((call) => call.state === "resolved")).toBe(true);
    // The next window: the service restarted meanwhile with 5 a minute.
    await clock.advance(30_000);
    const burst = Array.from({ length: 40 }, () => acquire(120_000));
    await settle();
    expect(burst.filter((call) => call.state === "resolved")).toHaveLength(1);
    await budget.recordResponse(
      200,
      headers({ "x-ratelimit-limit": "5", "x-ratelimit-remaining": "4", "x-ratelimit-reset": "60" }),
    );
    await settle();
    expect((await budget.snapshot()).limit).toBe(5);
    // No more than the new limit allows, counting the probe the service counted.
    expect(burst.filter((call) => call.state === "resolved").length).toBeLessThanOrEqual(
      budgetLimits(5).maxInLog.interactive,
    );
  });

  it("sends one call alone after the service was out of reach", async () => {
    const { budget, acquire } = coldBudget();
    acquire();
    await settle();
    await budget.recordResponse(200, headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "59" }));
    budget.recordUnreachable();
    const burst = Array.from({ length: 10 }, () => acquire());
    await settle();
    expect(burst.filter((call) => call.state === "resolved")).toHaveLength(1);
    await budget.recordResponse(200, headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "57" }));
    await settle();
    expect(burst.every((call) => call.state === "resolved")).toBe(true);
  });

  it("lets the next caller probe at once when a probe got no answer", async () => {
    const { budget, acquire } = coldBudget();
    const first = acquire();
    const second = acquire();
    await settle();
    expect([first.state, second.state]).toEqual(["resolved", "pending"]);
    budget.recordUnreachable();
    await settle();
    expect(second.state).toBe("resolved");
  });

  it("lets the next caller probe at once when the probe's caller left before its answer", async () => {
    const { budget, acquire } = coldBudget();
    acquire();
    const second = acquire();
    await settle();
    expect(second.state).toBe("pending");
    budget.recordAbandoned();
    await settle();
    expect(second.state).toBe("resolved");
  });

  it("fails a waiter at its deadline while the limit is unknown and the log is paused", async () => {
    const { clock, budget, acquire } = coldBudget();
    acquire();
    await settle();
    // A 429 that states no limit: the log pauses for 10 s, and the limit stays unknown.
    await budget.recordResponse(429, headers({}));
    const waiting = acquire(3_000);
    await clock.advance(3_100);
    expect(waiting.state).toBe("rejected");
    expect(waiting.error).toBeInstanceOf(BudgetExhaustedError);
  });

  it("takes the lower limit a 429 states at once, and pauses", async () => {
    const { budget, acquire } = coldBudget();
    acquire();
    await settle();
    await budget.recordResponse(200, headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "59" }));
    await budget.recordResponse(
      429,
      headers({ "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0", "retry-after": "20" }),
    );
    const snapshot = await budget.snapshot();
    expect(snapshot.limit).toBe(5);
    expect(snapshot.remaining).toBe(0);
    expect(snapshot.pausedForMs).toBeGreaterThan(19_000);
  });
});
