import "server-only";
import { systemClock, type Clock } from "../../clock";

// The rate log: the budget's record of upstream /v1 calls over the last rate period, and the
// in-memory one. The service counts per client_id in fixed windows (a minute by default) whose
// alignment we cannot see, so the record is a SLIDING log of grants: if no interval of the rate
// period's length ever holds more than N grants, no fixed window (however aligned) can see more
// than N either.
//
// Every duration here is RELATIVE (ms from the log's own "now"). A Redis rate log keeps time by
// Redis TIME, and an absolute timestamp on that clock means nothing to an instance whose clock
// differs; "frees in 1200 ms" means the same thing everywhere.

/** The service's rate period unless the operator set another (VTS_RATE_LIMIT_WINDOW_SECONDS). */
export const RATE_PERIOD_MS = 60_000;

/**
 * How long the dashboard keeps each grant: the service's rate period and one second more. Slots
 * free exactly a period after the grants they replace, often many at once, while the time from
 * grant to the service varies (event-loop and scheduling delays), so a replacement can reach the
 * service a little less than a period after the call it replaces. The safety margin counts calls
 * and cannot absorb that drift; holding grants a second longer can, even on a loaded machine.
 */
export function grantHoldMs(ratePeriodMs: number): number {
  return ratePeriodMs + 1_000;
}

export interface RateLogGrant {
  granted: boolean;
  /** Entries (grants and phantoms) in the log after this attempt. */
  count: number;
  /** Ms until the oldest entry leaves the log, i.e. the earliest a slot can free up. */
  freeInMs: number | undefined;
  /** Ms left of a pause (0 when not paused). A paused log grants nothing. */
  pausedForMs: number;
  /**
   * Share of the asked maximum this answer applied: 1, or less while a shared log counts on its
   * own (Redis down). The budget needs it to tell "full" from "not full" the same way.
   */
  share: number;
}

export type RateLogState = Omit<RateLogGrant, "granted">;

/** The most entries a log grants up to when asked for `maxInLog` at `share`. */
export function capacity(maxInLog: number, share: number): number {
  return share >= 1 ? maxInLog : Math.max(1, Math.floor(maxInLog * share));
}

export interface RateLog {
  /** Shares the limit the service stated, so an instance that starts later need not probe for it. */
  rememberLimit(limit: number): Promise<void>;
  /** The limit some instance learned from the service, if any. */
  knownLimit(): Promise<number | undefined>;
  /**
   * Records one grant when the log holds fewer than `maxInLog` entries and is not paused;
   * the check and the record are one atomic step, across instances for a shared log.
   */
  tryAcquire(maxInLog: number): Promise<RateLogGrant>;
  /**
   * Adds phantom entries until the log holds at least `total`: calls the upstream counted that
   * this log does not know about. "Raise to" rather than "add n": two responses reporting the
   * same upstream count, on one instance or two, must not both add the difference.
   * The phantoms leave the log after `ageOutInMs` (default: a full period, like a grant).
   */
  raiseCountTo(total: number, ageOutInMs?: number): Promise<void>;
  /**
   * Takes back this instance's newest grant: a call that never left it (its connection refused)
   * cost the service nothing. Any grant of its will do: they differ only in when they leave.
   */
  releaseNewest(): Promise<void>;
  /** Grants nothing for `forMs` from now; an existing longer pause is kept. */
  pause(forMs: number): Promise<void>;
  pausedForMs(): Promise<number>;
  count(): Promise<number>;
  inspect(): Promise<RateLogState>;
  /**
   * How often a waiting budget should look again even when nothing local changed: other
   * instances can consume slots or pause a shared log. Undefined for a private log.
   */
  readonly recheckEveryMs: number | undefined;
}

/**
 * A rate log for one instance (no Redis), and the fallback of the Redis rate log. JavaScript
 * runs each call to completion, so check-and-record is atomic without locks.
 */
export class MemoryRateLog implements RateLog {
  readonly recheckEveryMs = undefined;
  /** Entry times, oldest first. */
  private readonly entries: number[] = [];
  private pausedUntil = 0;
  private learnedLimit: number | undefined;

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly periodMs: number = RATE_PERIOD_MS,
  ) {}

  async rememberLimit(limit: number): Promise<void> {
    this.learnedLimit = limit;
  }

  async knownLimit(): Promise<number | undefined> {
    return this.learnedLimit;
  }

  async tryAcquire(maxInLog: number): Promise<RateLogGrant> {
    const now = this.trim();
    const pausedForMs = Math.max(0, this.pausedUntil - now);
    const granted = pausedForMs === 0 && this.entries.length < maxInLog;
    if (granted) this.entries.push(now);
    return { granted, ...this.state(now, pausedForMs) };
  }

  async releaseNewest(): Promise<void> {
    this.trim();
    this.entries.pop();
  }

  /** Records an entry made elsewhere (a grant of the shared log), whatever the count. */
  record(): void {
    this.entries.push(this.trim());
  }

  /** Ms until each entry leaves the log, soonest first. */
  entryLifetimes(): number[] {
    const now = this.trim();
    return this.entries.map((at) => at + this.periodMs - now);
  }

  async raiseCountTo(total: number, ageOutInMs: number = this.periodMs): Promise<void> {
    const now = this.trim();
    // Back-dated so that it leaves the log after ageOutInMs; re-sorted to keep oldest first.
    const at = now - this.periodMs + clamp(ageOutInMs, 1, this.periodMs);
    if (this.entries.length >= total) return;
    while (this.entries.length < total) this.entries.push(at);
    this.entries.sort((a, b) => a - b);
  }

  async pause(forMs: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + forMs);
  }

  async pausedForMs(): Promise<number> {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  async count(): Promise<number> {
    this.trim();
    return this.entries.length;
  }

  async inspect(): Promise<RateLogState> {
    const now = this.trim();
    return this.state(now, Math.max(0, this.pausedUntil - now));
  }

  /** Drops entries that left the log (at exactly periodMs old) and returns "now". */
  private trim(): number {
    const now = this.clock.now();
    while (this.entries.length > 0 && (this.entries[0] ?? now) <= now - this.periodMs) this.entries.shift();
    return now;
  }

  private state(now: number, pausedForMs: number): RateLogState {
    const oldest = this.entries[0];
    return {
      count: this.entries.length,
      freeInMs: oldest === undefined ? undefined : oldest + this.periodMs - now,
      pausedForMs,
      share: 1,
    };
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}
