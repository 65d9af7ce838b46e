import { describe, expect, it } from "vitest";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { FakeClock, track } from "../fake-clock";
import { teachLimit } from "./known-limit";

const MINUTE = 60_000;

/** A budget of limit 10 (effective 8) with grants at +0 s and +1 s..+7 s: one slot frees per second from +60 s. */
async function fullBudget() {
  const clock = new FakeClock();
  const start = clock.now();
  const budget = await teachLimit(new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock }), 10);
  for (let i = 0; i < 8; i++) {
    await budget.acquire("interactive", { deadlineMs: clock.now() });
    await clock.advance(1_000);
  }
  return { clock, start, budget };
}

describe("upstream budget deadlines and aborts", () => {
  it("rejects at once, with the wait until a slot frees, when the deadline cannot be met", async () => {
    const { clock, start, budget } = await fullBudget();
    await clock.advanceTo(start + 20_000);
    const error: unknown = await budget
      .acquire("interactive", { deadlineMs: clock.now() + 5_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    const busy = error as BudgetExhaustedError;
    expect(busy.retryAfterMs).toBe(40_000); // the grant made at +0 s leaves at +60 s
    expect(busy.retryAfterSeconds).toBe(40);
    expect(busy.code).toBe("upstream_busy");
    expect(clock.now()).toBe(start + 20_000);
    expect((await budget.snapshot()).queued.interactive).toBe(0);
  });

  it("waits when the deadline leaves enough time, and is granted when the slot frees", async () => {
    const { clock, start, budget } = await fullBudget();
    const outcome = track(budget.acquire("interactive", { deadlineMs: start + 61_000 }));
    await clock.advanceTo(start + 59_999);
    expect(outcome.state).toBe("pending");
    await clock.advanceTo(start + MINUTE);
    expect(outcome.state).toBe("resolved");
  });

  it("rejects a request whose deadline passes while it waits behind others", async () => {
    const { clock, start, budget } = await fullBudget();
    const first = track(budget.acquire("interactive", { deadlineMs: start + 65_000 }));
    const second = track(budget.acquire("interactive", { deadlineMs: start + 60_500 }));
    await clock.advanceTo(start + 30_000);
    expect([first.state, second.state]).toEqual(["pending", "pending"]);
    await clock.advanceTo(start + MINUTE);
    // The slot at +60 s went to the first in line; the next one frees at +61 s, after the deadline.
    expect(first.state).toBe("resolved");
    expect(second.state).toBe("rejected");
    expect((second.error as BudgetExhaustedError).retryAfterMs).toBe(1_000);
    expect(clock.pendingSleeps).toBe(0);
  });

  it("removes an aborted request from the queue without spending its slot", async () => {
    const { clock, start, budget } = await fullBudget();
    const controller = new AbortController();
    const gone = track(
      budget.acquire("interactive", { signal: controller.signal, deadlineMs: start + 2 * MINUTE }),
    );
    const later = track(budget.acquire("interactive", { deadlineMs: start + 2 * MINUTE }));
    await clock.advance(1_000);
    const reason = new Error("client went away");
    controller.abort(reason);
    await clock.advance(0);
    expect(gone).toMatchObject({ state: "rejected", error: reason });
    expect((await budget.snapshot()).queued.interactive).toBe(1);

    await clock.advanceTo(start + MINUTE);
    expect(later.state).toBe("resolved"); // the one slot freed at +60 s went to the next in line
    expect((await budget.snapshot()).usedInWindow).toBe(8);
  });

  it("rejects an already aborted signal without queueing or spending", async () => {
    const clock = new FakeClock();
    const budget = new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock });
    const controller = new AbortController();
    controller.abort();
    await expect(
      budget.acquire("prefetch", { signal: controller.signal, deadlineMs: clock.now() + 1_000 }),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(await budget.snapshot()).toMatchObject({ usedInWindow: 0, queued: { prefetch: 0 } });
  });

  it("ignores an abort after the grant (the call is the caller's now)", async () => {
    const clock = new FakeClock();
    const budget = new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock });
    const controller = new AbortController();
    await budget.acquire("interactive", { signal: controller.signal, deadlineMs: clock.now() + 1_000 });
    controller.abort();
    expect((await budget.snapshot()).usedInWindow).toBe(1);
  });

  it("wakes when a slot frees instead of polling the rate log", async () => {
    const clock = new FakeClock();
    const rateLog = new MemoryRateLog(clock);
    let calls = 0;
    const tryAcquire = rateLog.tryAcquire.bind(rateLog);
    rateLog.tryAcquire = (max) => {
      calls += 1;
      return tryAcquire(max);
    };
    const budget = await teachLimit(new UpstreamBudget({ rateLog, clock }), 10);
    const all = Array.from({ length: 12 }, () =>
      track(budget.acquire("interactive", { deadlineMs: clock.now() + 2 * MINUTE })),
    );
    await clock.advance(2 * MINUTE);
    expect(all.every((o) => o.state === "resolved")).toBe(true);
    // 12 grants, one refusal when the rate log filled, one more look when it emptied at +60 s.
    expect(calls).toBeLessThanOrEqual(14);
  });

  it("grants a free slot even when the deadline is already due (no wait needed)", async () => {
    const clock = new FakeClock();
    const budget = new UpstreamBudget({ rateLog: new MemoryRateLog(clock), clock });
    await expect(budget.acquire("export", { deadlineMs: clock.now() })).resolves.toBeUndefined();
  });
});
