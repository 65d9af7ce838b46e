// The one race between waiting and an AbortSignal: the waiter goes when its signal aborts, the work
// it waited for goes on, and no listener is left on a signal that outlives the wait.
import { describe, expect, it } from "vitest";
import { abortable, systemClock } from "@/lib/server/upstream/clock";

/** A promise settled from outside, to decide the race's order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Counts the signal's abort listeners as they are added and removed. */
function countedSignal() {
  const controller = new AbortController();
  let listeners = 0;
  const add = controller.signal.addEventListener.bind(controller.signal);
  const remove = controller.signal.removeEventListener.bind(controller.signal);
  controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
    listeners++;
    add(...args);
  }) as typeof add;
  controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
    listeners--;
    remove(...args);
  }) as typeof remove;
  return { controller, listeners: () => listeners };
}

describe("abortable", () => {
  it("settles as the promise does, and takes its listener off the signal", async () => {
    const { controller, listeners } = countedSignal();
    const work = deferred<string>();
    const waiting = abortable(work.promise, controller.signal);
    expect(listeners()).toBe(1);
    work.resolve("done");
    await expect(waiting).resolves.toBe("done");
    expect(listeners()).toBe(0);

    const failing = deferred<string>();
    const failed = abortable(failing.promise, controller.signal);
    failing.reject(new Error("upstream down"));
    await expect(failed).rejects.toThrow("upstream down");
    expect(listeners()).toBe(0);
  });

  it("rejects with the signal's reason when it aborts first, calls onAbort once, and leaves the work going", async () => {
    const controller = new AbortController();
    const work = deferred<string>();
    let aborted = 0;
    const waiting = abortable(work.promise, controller.signal, () => aborted++);
    controller.abort(new Error("caller gone"));
    await expect(waiting).rejects.toThrow("caller gone");
    expect(aborted).toBe(1);
    work.resolve("still done");
    await expect(work.promise).resolves.toBe("still done");
    expect(aborted).toBe(1);
  });

  it("rejects at once for a signal already aborted, and is the promise itself without a signal", async () => {
    const work = deferred<string>();
    let aborted = 0;
    await expect(
      abortable(work.promise, AbortSignal.abort(new Error("gone")), () => aborted++),
    ).rejects.toThrow("gone");
    expect(aborted).toBe(1);
    expect(abortable(work.promise, undefined)).toBe(work.promise);
  });

  it("ends the system clock's sleep when its signal aborts, and lets it run out otherwise", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort(new Error("deadline"));
    await expect(sleeping).rejects.toThrow("deadline");
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(systemClock.sleep(5, new AbortController().signal)).resolves.toBeUndefined();
  });
});
