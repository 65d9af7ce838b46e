import "server-only";
import type { Clock } from "../clock";
import { PRIORITIES, type UpstreamPriority } from "./thresholds";

// Waiting for upstream budget: the queue (one FIFO lane per priority, served most important
// first), the scheduler's one wake-up timer, and the error a waiter gets when no slot can be had
// in time.

export interface AcquireOptions {
  signal?: AbortSignal;
  /** Absolute, on the budget's clock. */
  deadlineMs: number;
}

export interface BudgetWaiter {
  readonly priority: UpstreamPriority;
  /** Absolute, on the budget's clock. */
  readonly deadlineMs: number;
  grant(): void;
  /** Rejects with this reason (an abort's reason is passed through as the signal gave it). */
  fail(error: Error): void;
}

export class BudgetQueue {
  private readonly lanes: Record<UpstreamPriority, BudgetWaiter[]> = {
    interactive: [],
    prefetch: [],
    export: [],
    sync: [],
  };

  get size(): number {
    return PRIORITIES.reduce((sum, priority) => sum + this.lanes[priority].length, 0);
  }

  /**
   * Queues a request; it settles when the scheduler grants or fails it, or when its signal aborts
   * while queued (the entry is removed, so nothing is spent on a caller who has gone).
   */
  wait(priority: UpstreamPriority, { signal, deadlineMs }: AcquireOptions): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        if (this.remove(waiter)) waiter.fail(signal?.reason as Error);
      };
      const waiter: BudgetWaiter = {
        priority,
        deadlineMs,
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        fail: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.lanes[priority].push(waiter);
    });
  }

  /** The waiter to serve next: the oldest of the most important non-empty lane. */
  peek(): BudgetWaiter | undefined {
    for (const priority of PRIORITIES) {
      const head = this.lanes[priority][0];
      if (head) return head;
    }
    return undefined;
  }

  /** False when the waiter had already left (granted, failed or removed before). */
  remove(waiter: BudgetWaiter): boolean {
    const lane = this.lanes[waiter.priority];
    const index = lane.indexOf(waiter);
    if (index < 0) return false;
    lane.splice(index, 1);
    return true;
  }

  all(): BudgetWaiter[] {
    return PRIORITIES.flatMap((priority) => [...this.lanes[priority]]);
  }

  sizes(): Record<UpstreamPriority, number> {
    return {
      interactive: this.lanes.interactive.length,
      prefetch: this.lanes.prefetch.length,
      export: this.lanes.export.length,
      sync: this.lanes.sync.length,
    };
  }
}

/**
 * The scheduler's single timer. Setting it replaces the previous one, so there is never more than
 * one pending wake-up, however many requests wait (no polling every few ms).
 */
export class BudgetWakeTimer {
  private current: AbortController | undefined;

  constructor(private readonly clock: Clock) {}

  set(delayMs: number, onWake: () => void): void {
    this.cancel();
    const controller = new AbortController();
    this.current = controller;
    // setTimeout overflows above 2^31-1 ms and would fire at once.
    const ms = Math.min(Math.max(1, Math.ceil(delayMs)), 2 ** 31 - 1);
    const wake = () => {
      if (this.current !== controller) return;
      this.current = undefined;
      onWake();
    };
    // A rejection is the cancel this timer made (a newer wake-up replaced it): nothing to do. A
    // clock failing otherwise still wakes the scheduler, which would rather look early than never.
    this.clock.sleep(ms, controller.signal).then(wake, () => {
      if (!controller.signal.aborted) wake();
    });
  }

  cancel(): void {
    this.current?.abort();
    this.current = undefined;
  }
}

/**
 * Typed failure of the upstream budget. The dashboard API maps it to 503 with Retry-After and the
 * code below, so the caller learns when to come back instead of seeing the upstream's 429.
 */
export class BudgetExhaustedError extends Error {
  override readonly name = "BudgetExhaustedError";
  readonly code = "upstream_busy";

  constructor(
    /** Estimated ms until a slot frees (oldest grant leaving the rate log, or the pause ending). */
    readonly retryAfterMs: number,
  ) {
    super(`upstream request budget exhausted; retry in about ${Math.ceil(retryAfterMs / 1000)} s`);
  }

  /** Whole seconds for a Retry-After header (at least 1, as the service does). */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}
