import "server-only";
import type { Redis } from "ioredis";
import { systemClock, type Clock } from "../../clock";
import {
  capacity,
  MemoryRateLog,
  RATE_PERIOD_MS,
  type RateLog,
  type RateLogGrant,
  type RateLogState,
} from "./rate-log";
import { RedisRateLogStore } from "./redis-store";

// One rate log shared by every dashboard instance through Redis: the grants and the pause both
// live there, so a 429 seen by one instance pauses all of them.
//
// Each instance also keeps, in memory, what it knows itself: its own grants, the counts the
// service reported, pauses and the limit. If Redis fails, that memory becomes the log, granting
// only `fallbackShare` (default half) of the asked maximum: a conservative guess that keeps two
// instances together under the limit without coordination (with more instances the service's
// Remaining/429 feedback in recordResponse still stops the overshoot). An outage thus starts from
// what the instance knew, not from an empty log.
//
// Redis may come back empty (restarted without persistence). It must not then look like a fresh
// minute: before using it again, the instance raises it to what it knows, with each entry's own
// lifetime, and counts each of its own outage grants 1 / fallbackShare times, because the other
// instances spent their shares too and may not have handed them back yet. "Raise to", not "add":
// what Redis still holds (a short blip, another instance's hand-back) is not counted twice.

export interface RedisRateLogOptions {
  clock?: Clock;
  /** How long each grant stays in the log (default the service's rate period). */
  periodMs?: number;
  /** Fraction of the maximum the memory fallback may grant (0..1]. */
  fallbackShare?: number;
  /** Called when the log switches to its fallback (once per outage, not per command). */
  onError?: (error: unknown) => void;
}

/** A learned limit is trusted for an hour; after that, a cold instance probes again. */
const LIMIT_MEMORY_MS = 3_600_000;
/**
 * After a hand-back failed, how long before the next is tried (in the background): a Redis that
 * hangs, its connection open and silent, costs each try its command timeout.
 */
const HAND_BACK_RETRY_MS = 2_000;

export class RedisRateLog implements RateLog {
  /** Other instances consume slots and pause the log too; a waiting budget looks again. */
  readonly recheckEveryMs = 250;
  private readonly store: RedisRateLogStore;
  private readonly clock: Clock;
  private readonly periodMs: number;
  private readonly fallbackShare: number;
  private readonly onError: (error: unknown) => void;
  /** What this instance knows, kept in both modes; the log itself while Redis is down. */
  private readonly known: MemoryRateLog;
  /** Grants made while counting alone, which stand for the other instances' shares as well. */
  private outageGrants: MemoryRateLog;
  private degraded = false;
  /** The connection dropped since the last hand-back: Redis may have restarted, even unnoticed. */
  private reconnected = false;
  private handingBack: Promise<void> | undefined;
  /** When a hand-back last failed in this outage; cleared whenever the connection is ready again. */
  private handBackFailedAt: number | undefined;

  constructor(
    private readonly redis: Redis,
    key: string,
    options: RedisRateLogOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.periodMs = options.periodMs ?? RATE_PERIOD_MS;
    this.fallbackShare = options.fallbackShare ?? 0.5;
    this.onError = options.onError ?? (() => {});
    this.store = new RedisRateLogStore(redis, key, this.periodMs);
    this.known = new MemoryRateLog(this.clock, this.periodMs);
    this.outageGrants = new MemoryRateLog(this.clock, this.periodMs);
    // A restart between two commands fails none of them, yet the keys may be gone.
    redis.on("close", () => {
      this.reconnected = true;
    });
    // A new connection is worth a hand-back at once, by the next command.
    redis.on("ready", () => {
      this.handBackFailedAt = undefined;
    });
  }

  /** True while Redis is failing and the memory fallback is counting. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  async rememberLimit(limit: number): Promise<void> {
    await this.known.rememberLimit(limit);
    await this.withFallback(
      async () => void (await this.redis.set(this.store.limitKey, String(limit), "PX", LIMIT_MEMORY_MS)),
      async () => {},
    );
  }

  knownLimit(): Promise<number | undefined> {
    return this.withFallback(
      async () => {
        const stored = Number(await this.redis.get(this.store.limitKey));
        return Number.isInteger(stored) && stored > 0 ? stored : this.known.knownLimit();
      },
      (memory) => memory.knownLimit(),
    );
  }

  tryAcquire(maxInLog: number): Promise<RateLogGrant> {
    return this.withFallback(
      async () => {
        const grant = await this.store.tryAcquire(maxInLog);
        if (grant.granted) this.known.record();
        return grant;
      },
      async (memory) => {
        const grant = await memory.tryAcquire(capacity(maxInLog, this.fallbackShare));
        if (grant.granted) this.outageGrants.record();
        return { ...grant, share: this.fallbackShare };
      },
    );
  }

  async releaseNewest(): Promise<void> {
    await this.known.releaseNewest();
    await this.withFallback(
      () => this.store.releaseNewest(),
      () => this.outageGrants.releaseNewest(),
    );
  }

  async raiseCountTo(total: number, ageOutInMs: number = this.periodMs): Promise<void> {
    await this.known.raiseCountTo(total, ageOutInMs);
    await this.withFallback(
      () => this.store.addPhantoms(total, 0, ageOutInMs),
      async () => {},
    );
  }

  async pause(forMs: number): Promise<void> {
    await this.known.pause(forMs);
    await this.withFallback(
      () => this.store.pause(forMs),
      async () => {},
    );
  }

  async pausedForMs(): Promise<number> {
    return (await this.inspect()).pausedForMs;
  }

  async count(): Promise<number> {
    return (await this.inspect()).count;
  }

  inspect(): Promise<RateLogState> {
    return this.withFallback(
      () => this.store.inspect(),
      async (memory) => ({ ...(await memory.inspect()), share: this.fallbackShare }),
    );
  }

  private async withFallback<T>(
    onRedis: () => Promise<T>,
    onMemory: (memory: MemoryRateLog) => Promise<T>,
  ): Promise<T> {
    if (this.degraded && this.handBackFailedAt !== undefined) {
      // Redis failed a hand-back and has not connected anew since: it may hang, and no command
      // should wait out its timeout. The memory log answers now; Redis is tried in the background.
      if (!this.handingBack && this.clock.now() - this.handBackFailedAt >= HAND_BACK_RETRY_MS)
        // Still failing: handBack noted when, and the next try waits its turn again.
        void this.handBack().catch(() => undefined);
      return onMemory(this.known);
    }
    try {
      if (this.degraded || this.reconnected) await this.handBack();
      return await onRedis();
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.onError(error);
      }
      return onMemory(this.known);
    }
  }

  /** Redis may be back, perhaps empty: raise it to what this instance knows, then leave fallback mode. */
  private handBack(): Promise<void> {
    this.handingBack ??= (async () => {
      // Cleared first: a drop during the hand-back calls for another (a failure here sets degraded).
      this.reconnected = false;
      try {
        const copies = Math.max(0, Math.ceil(1 / this.fallbackShare) - 1);
        const outage = this.outageGrants.entryLifetimes();
        const lifetimes = [...this.known.entryLifetimes(), ...Array<number[]>(copies).fill(outage).flat()];
        await this.store.raiseWithLifetimes(lifetimes);
        const pausedForMs = await this.known.pausedForMs();
        if (pausedForMs > 0) await this.store.pause(pausedForMs);
        const limit = await this.known.knownLimit();
        // NX: another instance may have learned a newer limit since Redis came back.
        if (limit !== undefined)
          await this.redis.set(this.store.limitKey, String(limit), "PX", LIMIT_MEMORY_MS, "NX");
        this.outageGrants = new MemoryRateLog(this.clock, this.periodMs);
        this.degraded = false;
        this.handBackFailedAt = undefined;
      } catch (error) {
        this.handBackFailedAt = this.clock.now();
        throw error;
      } finally {
        this.handingBack = undefined;
      }
    })();
    return this.handingBack;
  }
}
