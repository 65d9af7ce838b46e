import "server-only";
import type { Redis } from "ioredis";
import { systemClock, type Clock } from "./clock";
import {
  capacity,
  WINDOW_MS,
  type RequestWindow,
  type WindowGrant,
  type WindowState,
} from "./request-window";
import { MemoryRequestWindow } from "./request-window-memory";
import { RedisWindowStore } from "./request-window-redis-store";

// One window shared by every dashboard instance through Redis: the grant log and the pause both
// live there, so a 429 seen by one instance pauses all of them.
//
// If Redis fails, each instance falls back to a private memory window that grants only
// `fallbackShare` (default half) of the asked maximum: a conservative guess that keeps two
// instances together under the limit without coordination. With more instances that guess can be
// too high; the upstream's Remaining/429 feedback (recordResponse) then still stops the overshoot.
// When Redis answers again, the fallback's grants are handed over as phantoms (and its pause
// extended there), so the shared count does not forget calls made during the outage.

export interface RedisRequestWindowOptions {
  clock?: Clock;
  windowMs?: number;
  /** Fraction of the maximum the memory fallback may grant (0..1]. */
  fallbackShare?: number;
  /** Called when the window switches to its fallback (once per outage, not per command). */
  onError?: (error: unknown) => void;
}

/** A learned limit is trusted for an hour; after that, a cold instance probes again. */
const LIMIT_MEMORY_MS = 3_600_000;

export class RedisRequestWindow implements RequestWindow {
  /** Other instances consume slots and pause the window too; a waiting budget looks again. */
  readonly recheckEveryMs = 250;
  private readonly store: RedisWindowStore;
  private readonly clock: Clock;
  private readonly windowMs: number;
  private readonly fallbackShare: number;
  private readonly onError: (error: unknown) => void;
  private fallback: MemoryRequestWindow;
  private degraded = false;
  private handingBack: Promise<void> | undefined;

  private readonly limitKey: string;

  constructor(
    private readonly redis: Redis,
    key: string,
    options: RedisRequestWindowOptions = {},
  ) {
    this.limitKey = `${key}:limit`;
    this.clock = options.clock ?? systemClock;
    this.windowMs = options.windowMs ?? WINDOW_MS;
    this.fallbackShare = options.fallbackShare ?? 0.5;
    this.onError = options.onError ?? (() => {});
    this.store = new RedisWindowStore(redis, key, this.windowMs);
    this.fallback = new MemoryRequestWindow(this.clock, this.windowMs);
  }

  /** True while Redis is failing and the memory fallback is counting. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  rememberLimit(limit: number): Promise<void> {
    return this.withFallback(
      async () => void (await this.redis.set(this.limitKey, String(limit), "PX", LIMIT_MEMORY_MS)),
      (memory) => memory.rememberLimit(limit),
    );
  }

  knownLimit(): Promise<number | undefined> {
    return this.withFallback(
      async () => {
        const stored = Number(await this.redis.get(this.limitKey));
        return Number.isInteger(stored) && stored > 0 ? stored : undefined;
      },
      (memory) => memory.knownLimit(),
    );
  }

  tryAcquire(maxInWindow: number): Promise<WindowGrant> {
    return this.withFallback(
      () => this.store.tryAcquire(maxInWindow),
      async (memory) => ({
        ...(await memory.tryAcquire(capacity(maxInWindow, this.fallbackShare))),
        share: this.fallbackShare,
      }),
    );
  }

  raiseCountTo(total: number, ageOutInMs: number = this.windowMs): Promise<void> {
    return this.withFallback(
      () => this.store.addPhantoms(total, 0, ageOutInMs),
      (memory) => memory.raiseCountTo(total, ageOutInMs),
    );
  }

  pause(forMs: number): Promise<void> {
    return this.withFallback(
      () => this.store.pause(forMs),
      (memory) => memory.pause(forMs),
    );
  }

  async pausedForMs(): Promise<number> {
    return (await this.inspect()).pausedForMs;
  }

  async count(): Promise<number> {
    return (await this.inspect()).count;
  }

  inspect(): Promise<WindowState> {
    return this.withFallback(
      () => this.store.inspect(),
      async (memory) => ({ ...(await memory.inspect()), share: this.fallbackShare }),
    );
  }

  private async withFallback<T>(
    onRedis: () => Promise<T>,
    onMemory: (memory: MemoryRequestWindow) => Promise<T>,
  ): Promise<T> {
    try {
      if (this.degraded) await this.handBack();
      return await onRedis();
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.onError(error);
      }
      return onMemory(this.fallback);
    }
  }

  /** Redis may be back: copy what the fallback counted there first, then leave fallback mode. */
  private handBack(): Promise<void> {
    this.handingBack ??= (async () => {
      try {
        const state = await this.fallback.inspect();
        if (state.count > 0) await this.store.addPhantoms(0, state.count, this.windowMs);
        if (state.pausedForMs > 0) await this.store.pause(state.pausedForMs);
        this.fallback = new MemoryRequestWindow(this.clock, this.windowMs);
        this.degraded = false;
      } finally {
        this.handingBack = undefined;
      }
    })();
    return this.handingBack;
  }
}
