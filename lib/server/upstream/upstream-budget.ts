import "server-only";
import { systemClock, type Clock } from "./clock";
import { BudgetExhaustedError } from "./budget-errors";
import { readRateLimitHeaders, type HeaderSource } from "./budget-headers";
import { BudgetQueue } from "./budget-queue";
import {
  budgetLimits,
  minimumWaitMs,
  PRIORITIES,
  type BudgetLimits,
  type BudgetPriority,
} from "./budget-thresholds";
import { BudgetWakeTimer } from "./budget-wake-timer";
import { capacity, type RequestWindow, type WindowState } from "./request-window";
import type { AcquireOptions, BudgetSnapshot, UpstreamBudgetOptions } from "./budget-types";

// The one gate every upstream /v1 call passes. All staff share one client_id, so all dashboard
// requests share one budget: people first, then prefetch, then export; a request that cannot get
// a slot before its deadline fails fast (503 upstream_busy) instead of drawing a 429 upstream.

export class UpstreamBudget {
  private readonly window: RequestWindow;
  private readonly clock: Clock;
  private readonly queue = new BudgetQueue();
  private limit: number;
  private draining = false;
  private again = false;
  private readonly timer: BudgetWakeTimer;

  constructor(private readonly options: UpstreamBudgetOptions) {
    this.window = options.window;
    this.clock = options.clock ?? systemClock;
    this.limit = options.initialLimit ?? 60;
    this.timer = new BudgetWakeTimer(this.clock);
  }

  /** Resolves once a slot is granted (and recorded); the caller then makes exactly one call. */
  acquire(priority: BudgetPriority, options: AcquireOptions): Promise<void> {
    const granted = this.queue.wait(priority, options);
    this.kick();
    return granted;
  }

  /** Feeds every upstream /v1 response back (not the token endpoint: it has its own budget). */
  async recordResponse(status: number, headers: HeaderSource): Promise<void> {
    const seen = readRateLimitHeaders(headers, this.clock.now());
    if (seen.limit !== undefined) this.limit = seen.limit;
    if (seen.remaining !== undefined) {
      // The service has counted limit - remaining calls in its current window; those we did not
      // see (another client on the same id, a restarted instance) become phantoms that leave when
      // its window resets, not a full minute later.
      await this.window.raiseCountTo(this.limit - seen.remaining, seen.resetMs);
    }
    if (status === 429) {
      const retryMs = seen.retryAfterMs ?? this.options.defaultRetryAfterMs ?? 10_000;
      // At least 1 s even for "Retry-After: 0": a 429 always means "not now".
      await this.window.pause(Math.max(retryMs, seen.resetMs ?? 0, 1_000));
    }
    this.kick();
  }

  async snapshot(): Promise<BudgetSnapshot> {
    const state = await this.window.inspect();
    const { limit, effective } = this.limits();
    return {
      limit,
      effectiveLimit: effective,
      usedInWindow: state.count,
      remaining: state.pausedForMs > 0 ? 0 : Math.max(0, capacity(effective, state.share) - state.count),
      queued: this.queue.sizes(),
      resetInMs: state.freeInMs ?? 0,
      pausedForMs: state.pausedForMs,
      degraded: state.share < 1,
    };
  }

  private limits(): BudgetLimits {
    const { safetyMargin = 2, reserveForInteractive } = this.options;
    return budgetLimits(this.limit, safetyMargin, reserveForInteractive);
  }

  /** Runs the scheduler unless it is already running; then it loops once more. */
  private kick(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    void this.drain()
      .catch((error: unknown) => {
        this.timer.cancel();
        for (const waiter of this.queue.all()) if (this.queue.remove(waiter)) waiter.fail(error as Error);
      })
      .finally(() => {
        this.draining = false;
        if (this.again) this.kick();
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      this.again = false;
      const head = this.queue.peek();
      if (!head) return this.timer.cancel();
      const limits = this.limits();
      const attempt = await this.window.tryAcquire(limits.maxInWindow[head.priority]);
      if (attempt.granted) {
        this.handOut(head.priority);
        continue;
      }
      this.failThoseTooLate(attempt, limits);
      // Something arrived (maybe more important) or changed while we waited for the window.
      if (this.again) continue;
      return this.scheduleWake(attempt, limits);
    }
  }

  /** Gives a fresh grant to the next waiter, unless everyone it was meant for has left. */
  private handOut(grantedFor: BudgetPriority): void {
    const taker = this.queue.peek();
    // A grant made under a higher threshold must not go to a lower priority (the reserve); the
    // slot is then spent unused, which errs on the side of the upstream limit.
    if (!taker || PRIORITIES.indexOf(taker.priority) > PRIORITIES.indexOf(grantedFor)) return;
    this.queue.remove(taker);
    taker.grant();
  }

  /** Rejects now whoever cannot be served before the deadline, rather than at the deadline. */
  private failThoseTooLate(state: WindowState, limits: BudgetLimits): void {
    const now = this.clock.now();
    for (const waiter of this.queue.all()) {
      const wait = minimumWaitMs(state, limits.maxInWindow[waiter.priority]);
      if (now + wait <= waiter.deadlineMs || !this.queue.remove(waiter)) continue;
      const retryAfterMs = Math.max(1, wait > 0 ? wait : (state.freeInMs ?? 1_000));
      waiter.fail(new BudgetExhaustedError(retryAfterMs));
    }
  }

  /** Wakes when the next slot frees, a pause ends, a deadline passes, or for a shared recheck. */
  private scheduleWake(state: WindowState, limits: BudgetLimits): void {
    const now = this.clock.now();
    const waiters = this.queue.all();
    const head = waiters[0];
    if (!head) return this.timer.cancel();
    const delays = [
      // Blocked means a positive wait; should a window still answer 0, look again soon, not spin.
      minimumWaitMs(state, limits.maxInWindow[head.priority]) || 100,
      ...waiters.map((waiter) => waiter.deadlineMs - now).filter((ms) => ms > 0),
      this.window.recheckEveryMs ?? Number.POSITIVE_INFINITY,
    ];
    this.timer.set(Math.min(...delays), () => this.kick());
  }
}
