// A manual clock for the token and budget tests: time moves only when a test advances it, and
// sleepers wake in due order with their promise chains run in between, so edges are hit exactly.
import type { Clock } from "@/lib/server/upstream/clock";

interface Sleeper {
  due: number;
  resolve: () => void;
}

/** An arbitrary wall-clock instant, so HTTP dates in Retry-After mean something. */
export const FAKE_EPOCH = Date.UTC(2026, 2, 2, 9, 0, 0);

export class FakeClock implements Clock {
  private current: number;
  private sleepers: Sleeper[] = [];

  constructor(start: number = FAKE_EPOCH) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const sleeper: Sleeper = {
        due: this.current + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.sleepers = this.sleepers.filter((other) => other !== sleeper);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.sleepers.push(sleeper);
    });
  }

  /** Pending sleeps (the budget should hold at most one timer). */
  get pendingSleeps(): number {
    return this.sleepers.length;
  }

  advance(ms: number): Promise<void> {
    return this.advanceTo(this.current + ms);
  }

  /** Moves time to `target`, waking each sleeper at its own due time. */
  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      const next = this.sleepers.filter((sleeper) => sleeper.due <= target).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.sleepers = this.sleepers.filter((sleeper) => sleeper !== next);
      this.current = Math.max(this.current, next.due);
      next.resolve();
      await settle();
    }
    this.current = Math.max(this.current, target);
    await settle();
  }
}

/** Lets every pending promise chain run (a macrotask turn drains all microtasks). */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Tracks a promise's outcome without awaiting it. */
export function track<T>(promise: Promise<T>): {
  state: "pending" | "resolved" | "rejected";
  error?: unknown;
} {
  const outcome: { state: "pending" | "resolved" | "rejected"; error?: unknown } = { state: "pending" };
  promise.then(
    () => (outcome.state = "resolved"),
    (error: unknown) => {
      outcome.state = "rejected";
      outcome.error = error;
    },
  );
  return outcome;
}
