// A budget that has not yet heard the service's limit sends one probe, then follows the header.
import { describe, expect, it } from "vitest";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
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
});
