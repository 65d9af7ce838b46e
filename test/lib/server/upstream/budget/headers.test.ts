import { describe, expect, it } from "vitest";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import { MAX_RETRY_AFTER_MS } from "@/lib/server/upstream/http/rate-limit-headers";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { FakeClock, track } from "../fake-clock";
import { teachLimit } from "./known-limit";

async function setup(limit = 60) {
  const clock = new FakeClock();
  const budget = await teachLimit(new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock }), limit);
  const acquire = (deadlineInMs = 120_000) =>
    budget.acquire("interactive", { deadlineMs: clock.now() + deadlineInMs });
  return { clock, budget, acquire, start: clock.now() };
}

const rateHeaders = (limit: number, remaining: number, reset: number, extra: Record<string, string> = {}) =>
  new Headers({
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(remaining),
    "X-RateLimit-Reset": String(reset),
    ...extra,
  });

describe("upstream budget learning from response headers", () => {
  it("learns the limit from X-RateLimit-Limit", async () => {
    const { clock, budget, acquire } = await setup();
    await acquire();
    await budget.recordResponse(200, rateHeaders(10, 9, 60));
    expect(await budget.snapshot()).toMatchObject({
      limit: 10,
      effectiveLimit: 8,
      usedInWindow: 1,
      remaining: 7,
    });
    const outcomes = Array.from({ length: 10 }, () => track(acquire(1_000)));
    await clock.advance(0);
    expect(outcomes.filter((o) => o.state === "resolved")).toHaveLength(7);
    expect(outcomes.filter((o) => o.state === "rejected")).toHaveLength(3);
  });

  it("raises the count when Remaining says fewer calls are left; phantoms leave at the reset", async () => {
    const { clock, budget, acquire, start } = await setup();
    await acquire();
    await acquire();
    // Someone else on our client_id has been busy: the service counted 40 this window.
    await budget.recordResponse(200, rateHeaders(60, 20, 30));
    await budget.recordResponse(200, rateHeaders(60, 20, 30)); // the same news twice adds nothing
    expect(await budget.snapshot()).toMatchObject({ usedInWindow: 40, remaining: 18, resetInMs: 30_000 });
    await budget.recordResponse(200, rateHeaders(60, 55, 30)); // more left than we think: no change
    expect((await budget.snapshot()).usedInWindow).toBe(40);
    await clock.advanceTo(start + 29_999);
    expect((await budget.snapshot()).usedInWindow).toBe(40);
    await clock.advanceTo(start + 30_000);
    expect((await budget.snapshot()).usedInWindow).toBe(2);
  });

  it("pauses everyone for Retry-After seconds on a 429", async () => {
    const { clock, budget, acquire, start } = await setup();
    await budget.recordResponse(429, rateHeaders(60, 0, 5, { "Retry-After": "7" }));
    expect(await budget.snapshot()).toMatchObject({ pausedForMs: 7_000, remaining: 0 });

    const impatient = await acquire(3_000).catch((e: unknown) => e);
    expect(impatient).toBeInstanceOf(BudgetExhaustedError);
    expect((impatient as BudgetExhaustedError).retryAfterMs).toBe(7_000);

    const patient = track(acquire(10_000));
    await clock.advanceTo(start + 6_999);
    expect(patient.state).toBe("pending");
    await clock.advanceTo(start + 7_000);
    expect(patient.state).toBe("resolved");
  });

  it("pauses until an HTTP-date Retry-After", async () => {
    const { clock, budget, acquire, start } = await setup();
    const until = new Date(start + 12_000).toUTCString();
    await budget.recordResponse(429, new Headers({ "Retry-After": until }));
    expect((await budget.snapshot()).pausedForMs).toBe(12_000);
    const waiting = track(acquire(20_000));
    await clock.advanceTo(start + 11_999);
    expect(waiting.state).toBe("pending");
    await clock.advanceTo(start + 12_000);
    expect(waiting.state).toBe("resolved");
  });

  it("pauses 10 s for a 429 without Retry-After, and at least until the reported reset", async () => {
    const bare = await setup();
    await bare.budget.recordResponse(429, new Headers());
    expect((await bare.budget.snapshot()).pausedForMs).toBe(10_000);

    const withReset = await setup();
    await withReset.budget.recordResponse(
      429,
      new Headers({ "Retry-After": "2", "X-RateLimit-Reset": "25" }),
    );
    expect((await withReset.budget.snapshot()).pausedForMs).toBe(25_000);
  });

  it("caps a reset as it caps Retry-After: a garbage reset of a day pauses no one past an hour", async () => {
    const { budget } = await setup();
    await budget.recordResponse(429, new Headers({ "Retry-After": "2", "X-RateLimit-Reset": "86400" }));
    expect((await budget.snapshot()).pausedForMs).toBe(MAX_RETRY_AFTER_MS);
  });

  it("never shortens a pause", async () => {
    const { budget } = await setup();
    await budget.recordResponse(429, new Headers({ "Retry-After": "30" }));
    await budget.recordResponse(429, new Headers({ "Retry-After": "5" }));
    expect((await budget.snapshot()).pausedForMs).toBe(30_000);
  });

  it("ignores missing and malformed headers", async () => {
    const { budget, acquire } = await setup();
    await acquire();
    await budget.recordResponse(200, new Headers());
    for (const garbage of ["", "abc", "-5", "1e3", "12.5", "0x10", "99999999999999"]) {
      const headers = {
        "X-RateLimit-Limit": garbage,
        "X-RateLimit-Remaining": garbage,
        "X-RateLimit-Reset": garbage,
      };
      await budget.recordResponse(200, new Headers(headers));
    }
    expect(await budget.snapshot()).toMatchObject({ limit: 60, usedInWindow: 1, pausedForMs: 0 });
  });

  it("does not take a limit of 0 as the limit", async () => {
    const { budget } = await setup();
    await budget.recordResponse(200, new Headers({ "X-RateLimit-Limit": "0" }));
    expect((await budget.snapshot()).limit).toBe(60);
  });

  it("ignores garbage Retry-After on a 429 by using the default pause", async () => {
    const { budget } = await setup();
    await budget.recordResponse(429, new Headers({ "Retry-After": "soon" }));
    expect((await budget.snapshot()).pausedForMs).toBe(10_000);
  });
});
