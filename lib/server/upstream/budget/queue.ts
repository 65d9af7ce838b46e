import "server-only";
import { PRIORITIES, type UpstreamPriority } from "./thresholds";
import type { AcquireOptions } from "./types";

// Requests waiting for upstream budget: one FIFO lane per priority, served most important first.

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
