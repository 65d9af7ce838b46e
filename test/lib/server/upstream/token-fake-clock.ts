// A clock that only moves when a test says so: now() returns the manual time, and sleep()
// resolves once advance() has carried the time past its end (in order of wake-up time).
import type { Clock } from "@/lib/server/upstream/clock";

interface Sleeper {
  until: number;
  resolve: () => void;
}

export class FakeClock implements Clock {
  private current: number;
  private readonly sleepers = new Set<Sleeper>();

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const sleeper: Sleeper = {
        until: this.current + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.sleepers.delete(sleeper);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.sleepers.add(sleeper);
    });
  }

  /** Moves time forward by `ms`, waking sleepers one by one and letting their work run. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await settle();
    for (;;) {
      const next = [...this.sleepers].filter((s) => s.until <= target).sort((a, b) => a.until - b.until)[0];
      if (!next) break;
      this.sleepers.delete(next);
      this.current = Math.max(this.current, next.until);
      next.resolve();
      await settle();
    }
    this.current = target;
    await settle();
  }

  /** Sleepers not yet woken, for asserting that nothing is left waiting. */
  get pendingSleeps(): number {
    return this.sleepers.size;
  }
}

/** Lets every queued promise callback (and the microtasks they queue) run. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
}
