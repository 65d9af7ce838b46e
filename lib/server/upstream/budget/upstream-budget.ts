import "server-only";
import { systemClock, type Clock } from "../clock";
import { readRateLimitHeaders, type HeaderSource } from "../http/rate-limit-headers";
import {
  BudgetExhaustedError,
  BudgetQueue,
  BudgetWakeTimer,
  type AcquireOptions,
  type BudgetWaiter,
} from "./queue";
import {
  budgetLimits,
  minimumWaitMs,
  PRIORITIES,
  type BudgetLimits,
  type UpstreamPriority,
} from "./thresholds";
import { capacity, RATE_PERIOD_MS, type RateLog, type RateLogState } from "./rate-log/rate-log";

// The one gate every upstream /v1 call passes. All staff share one client_id, so all dashboard
// requests share one budget: people first, then prefetch, then export, then the mirror's sync; a
// request that cannot get a slot before its deadline fails fast (503 upstream_busy) instead of
// drawing a 429 upstream. Grants are recorded in a rate log (in memory, or shared through Redis).

export interface UpstreamBudgetOptions {
  rateLog: RateLog;
  clock?: Clock;
  /** The most of the effective limit sync may hold in any minute (0 < share <= 1). */
  syncShare?: number;
  /** The service's rate period (default a minute): how long a refused priority waits. */
  ratePeriodMs?: number;
}

/** What GET /api/budget shows. */
export interface BudgetSnapshot {
  limit: number;
  effectiveLimit: number;
  /** Entries in the rate log now; named after the documented field used_in_window it fills. */
  usedInWindow: number;
  /** Slots an interactive request could take right now (0 while paused). */
  remaining: number;
  queued: Record<UpstreamPriority, number>;
  /** Ms until the oldest call leaves the rate log, i.e. the next slot frees (0 when empty). */
  resetInMs: number;
  pausedForMs: number;
  /** The shared rate log is unreachable and this instance counts alone, on a reduced share. */
  degraded: boolean;
}

/** How long the first call of a cold budget may take before another caller probes instead. */
const PROBE_TIMEOUT_MS = 5_000;
/** The limit assumed until the service reports X-RateLimit-Limit (calls wait for that, one probing). */
const ASSUMED_LIMIT = 60;

/** Pause after a 429 without a usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 10_000;

export class UpstreamBudget {
  private readonly rateLog: RateLog;
  private readonly clock: Clock;
  private readonly queue = new BudgetQueue();
  private limit = ASSUMED_LIMIT;
  /** False until the service (or another instance, through the rate log) has told us its limit. */
  private limitKnown = false;
  /** While the limit is unknown or unconfirmed, calls go one at a time: the current probe's expiry. */
  private probeUntil = 0;
  /**
   * Until when the limit last stated holds: the end of the service's window it was stated in (its
   * X-RateLimit-Reset); 0 once the service was out of reach (it may come back with another).
   */
  private limitHoldsUntil = Number.POSITIVE_INFINITY;
  private draining = false;
  private again = false;
  private readonly timer: BudgetWakeTimer;

  constructor(private readonly options: UpstreamBudgetOptions) {
    this.rateLog = options.rateLog;
    this.clock = options.clock ?? systemClock;
    this.timer = new BudgetWakeTimer(this.clock);
  }

  /** Resolves once a slot is granted (and recorded); the caller then makes exactly one call. */
  acquire(priority: UpstreamPriority, options: AcquireOptions): Promise<void> {
    const granted = this.queue.wait(priority, options);
    this.kick();
    return granted;
  }

  /** Feeds every upstream /v1 response back (not the token endpoint: it has its own budget). */
  async recordResponse(status: number, headers: HeaderSource): Promise<void> {
    const now = this.clock.now();
    const seen = readRateLimitHeaders(headers, now);
    if (seen.limit !== undefined) {
      if (seen.limit !== this.limit || !this.limitKnown) await this.rateLog.rememberLimit(seen.limit);
      this.limit = seen.limit;
      this.limitKnown = true;
      this.limitHoldsUntil = seen.resetMs === undefined ? Number.POSITIVE_INFINITY : now + seen.resetMs;
    } else if (status >= 500) {
      // Not the service's own answer (a proxy's, or one from a service starting up).
      this.limitHoldsUntil = 0;
    }
    // An answer without the header (a 5xx, say) ends the probe: the next caller probes again.
    this.probeUntil = 0;
    if (seen.remaining !== undefined) {
      // The service has counted limit - remaining calls in its current window; those we did not
      // see (another client on the same id, a restarted instance) become phantoms that leave when
      // its window resets, not a full minute later.
      await this.rateLog.raiseCountTo(this.limit - seen.remaining, seen.resetMs);
    }
    if (status === 429) {
      const retryMs = seen.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
      // At least 1 s even for "Retry-After: 0": a 429 always means "not now".
      await this.rateLog.pause(Math.max(retryMs, seen.resetMs ?? 0, 1_000));
    }
    this.kick();
  }

  async snapshot(): Promise<BudgetSnapshot> {
    const state = await this.rateLog.inspect();
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
    return budgetLimits(this.limit, this.options.syncShare);
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
      if (!this.limitKnown) await this.adoptSharedLimit();
      const limits = this.limits();
      const unconfirmed = this.limitUnconfirmed();
      if (unconfirmed && this.clock.now() < this.probeUntil) return this.awaitProbe();
      if (this.limitKnown && limits.maxInLog[head.priority] === 0) {
        this.refuse(head);
        continue;
      }
      const attempt = await this.rateLog.tryAcquire(limits.maxInLog[head.priority]);
      if (attempt.granted) {
        // A grant nobody took is no probe: no call goes out to end it.
        if (this.handOut(head.priority) && unconfirmed) this.probeUntil = this.clock.now() + PROBE_TIMEOUT_MS;
        continue;
      }
      // Judging deadlines ahead needs the real limit (with a guess, waiters would be failed for
      // nothing); a deadline already past needs none.
      if (this.limitKnown) this.failThoseTooLate(attempt, limits);
      else this.failThosePastDeadline(Math.max(1, attempt.freeInMs ?? 1_000));
      // Something arrived (maybe more important) or changed while we waited for the rate log.
      if (this.again) continue;
      return this.scheduleWake(attempt, limits);
    }
  }

  /**
   * Gives a fresh grant to the next waiter, unless everyone it was meant for has left; whether a
   * waiter took it.
   */
  private handOut(grantedFor: UpstreamPriority): boolean {
    const taker = this.queue.peek();
    // A grant made under a higher threshold must not go to a lower priority (the reserve); the
    // slot is then spent unused, which errs on the side of the upstream limit.
    if (!taker || PRIORITIES.indexOf(taker.priority) > PRIORITIES.indexOf(grantedFor)) return false;
    this.queue.remove(taker);
    taker.grant();
    return true;
  }

  /** A priority the limit leaves no room (sync, at a tiny limit) is told so at once, not queued. */
  private refuse(waiter: BudgetWaiter): void {
    if (this.queue.remove(waiter))
      waiter.fail(new BudgetExhaustedError(this.options.ratePeriodMs ?? RATE_PERIOD_MS));
  }

  /** Rejects whoever's deadline has passed, telling them to come back in `retryAfterMs`. */
  private failThosePastDeadline(retryAfterMs: number): void {
    const now = this.clock.now();
    for (const waiter of this.queue.all()) {
      if (waiter.deadlineMs > now || !this.queue.remove(waiter)) continue;
      waiter.fail(new BudgetExhaustedError(retryAfterMs));
    }
  }

  /** Rejects now whoever cannot be served before the deadline, rather than at the deadline. */
  private failThoseTooLate(state: RateLogState, limits: BudgetLimits): void {
    const now = this.clock.now();
    for (const waiter of this.queue.all()) {
      const wait = minimumWaitMs(state, limits.maxInLog[waiter.priority]);
      if (now + wait <= waiter.deadlineMs || !this.queue.remove(waiter)) continue;
      const retryAfterMs = Math.max(1, wait > 0 ? wait : (state.freeInMs ?? 1_000));
      waiter.fail(new BudgetExhaustedError(retryAfterMs));
    }
  }

  /**
   * Whether the next call must go alone and wait for the service to state its limit: until it ever
   * has, once the window it last stated it in has ended (a new window may come with a new limit),
   * and after the service was out of reach (it may have been restarted with another setting).
   */
  private limitUnconfirmed(): boolean {
    return !this.limitKnown || this.clock.now() >= this.limitHoldsUntil;
  }

  /**
   * A call that got no answer from the service at all (refused connection, timeout). The service
   * may come back with another limit, so the next call probes; and a probe that got no answer has
   * ended, so that next call goes now: waiting out the probe's time made every caller after the
   * first wait seconds to learn what one call would tell it.
   */
  recordUnreachable(): void {
    this.limitHoldsUntil = 0;
    this.recordAbandoned();
  }

  /**
   * A call that never left this instance (its connection refused, its host not found): as
   * recordUnreachable, and its slot is taken back, since the service counted nothing. Otherwise,
   * in an outage, a minute's calls that reached nobody would fill the budget, and people would be
   * told the service was busy when it was unreachable, until a minute after it came back.
   */
  recordNeverSent(): void {
    this.limitHoldsUntil = 0;
    this.recordUnused();
  }

  /** A grant not used after all (no token came to send with): its slot goes back, its probe ends. */
  recordUnused(): void {
    this.recordAbandoned();
    // The shared log falls back to memory by itself; a memory log cannot fail.
    void this.rateLog.releaseNewest().then(() => this.kick());
  }

  /**
   * A call whose caller left before its answer came: it tells nothing, but a probe it was has
   * ended, and the next caller probes now rather than when the probe would have timed out.
   */
  recordAbandoned(): void {
    this.probeUntil = 0;
    this.kick();
  }

  /** Another instance may have learned the limit already: then there is nothing to probe for. */
  private async adoptSharedLimit(): Promise<void> {
    const shared = await this.rateLog.knownLimit();
    if (shared === undefined || this.limitKnown) return;
    this.limit = shared;
    this.limitKnown = true;
  }

  /**
   * A cold budget does not know the service's limit, and guessing high overshoots it (a burst of
   * 40 calls against a 10/min service) while guessing low fails people for nothing. So the first
   * call goes alone, and the rest wait for its X-RateLimit-Limit (or for the probe to time out).
   * The same holds at each new window of the service and after a quiet spell (limitUnconfirmed).
   */
  private awaitProbe(): void {
    const now = this.clock.now();
    this.failThosePastDeadline(Math.max(1, this.probeUntil - now));
    const deadlines = this.queue.all().map((waiter) => waiter.deadlineMs - now);
    this.timer.set(Math.max(1, Math.min(this.probeUntil - now, ...deadlines)), () => this.kick());
  }

  /** Wakes when the next slot frees, a pause ends, a deadline passes, or for a shared recheck. */
  private scheduleWake(state: RateLogState, limits: BudgetLimits): void {
    const now = this.clock.now();
    const waiters = this.queue.all();
    const head = waiters[0];
    if (!head) return this.timer.cancel();
    const delays = [
      // Blocked means a positive wait; should a rate log still answer 0, look again soon, not spin.
      minimumWaitMs(state, limits.maxInLog[head.priority]) || 100,
      ...waiters.map((waiter) => waiter.deadlineMs - now).filter((ms) => ms > 0),
      this.rateLog.recheckEveryMs ?? Number.POSITIVE_INFINITY,
    ];
    this.timer.set(Math.min(...delays), () => this.kick());
  }
}
