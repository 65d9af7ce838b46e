// An export page refused a budget slot waits for the next one instead of breaking the download;
// cancelling the download ends the wait, and other failures still end the export.
import { describe, expect, it } from "vitest";
import { waitingForBudget } from "@/lib/server/bff/task-export";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";

/** Refuses `refusals` times (each "retry in 1 s", the shortest Retry-After), then answers. */
function readRefused(refusals: number) {
  let calls = 0;
  const read = async () => {
    calls += 1;
    if (calls <= refusals) throw new BudgetExhaustedError(5);
    return "page";
  };
  return { read, calls: () => calls };
}

describe("waitingForBudget", () => {
  it("waits out every refusal, as long as each asks, and returns the page", async () => {
    const source = readRefused(2);
    const paused: number[] = [];
    const pause = (ms: number) => Promise.resolve(void paused.push(ms));
    await expect(waitingForBudget(source.read, new AbortController().signal, pause)).resolves.toBe("page");
    expect(source.calls()).toBe(3);
    expect(paused).toEqual([1_000, 1_000]);
  });

  it("stops waiting when the download is cancelled", async () => {
    const controller = new AbortController();
    const read = () => Promise.reject(new BudgetExhaustedError(60_000));
    const waiting = waitingForBudget(read, controller.signal);
    setTimeout(() => controller.abort(new Error("cancelled")), 10);
    await expect(waiting).rejects.toThrow();
  });

  it("passes on any other failure at once", async () => {
    const failure = new Error("the task service is not available");
    let calls = 0;
    const read = () => {
      calls += 1;
      return Promise.reject(failure);
    };
    await expect(waitingForBudget(read, new AbortController().signal)).rejects.toBe(failure);
    expect(calls).toBe(1);
  });
});
