import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { WindowGrant, WindowState } from "./rate-log";
import {
  ACQUIRE_SCRIPT,
  INSPECT_SCRIPT,
  numbersFromReply,
  PAUSE_SCRIPT,
  PHANTOMS_SCRIPT,
  RAISE_WITH_LIFETIMES_SCRIPT,
} from "./redis-scripts";

// The shared window's operations in Redis, one script call each. Errors propagate: deciding what
// to do when Redis is away is RedisRequestWindow's job.

export class RedisWindowStore {
  private readonly logKey: string;
  private readonly pauseKey: string;
  /** Entry names must be unique across instances, or ZADD would overwrite instead of add. */
  private readonly memberPrefix = randomUUID();
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    key: string,
    private readonly windowMs: number,
  ) {
    // One hash tag, so both keys land in the same slot should this ever run on a Redis Cluster.
    this.logKey = `{${key}}:log`;
    this.pauseKey = `{${key}}:pause`;
  }

  async tryAcquire(maxInWindow: number): Promise<WindowGrant> {
    const keys = [this.logKey, this.pauseKey];
    const reply = await this.redis.eval(
      ACQUIRE_SCRIPT,
      2,
      ...keys,
      this.windowMs,
      maxInWindow,
      this.member(),
    );
    const [granted, ...state] = numbersFromReply(reply, 4) as [number, number, number, number];
    return { granted: granted === 1, ...toState(state) };
  }

  async inspect(): Promise<WindowState> {
    const reply = await this.redis.eval(INSPECT_SCRIPT, 2, this.logKey, this.pauseKey, this.windowMs);
    return toState(numbersFromReply(reply, 3) as [number, number, number]);
  }

  /** Adds max(extra, minTotal - count) phantoms that leave the window after ageOutInMs. */
  async addPhantoms(minTotal: number, extra: number, ageOutInMs: number): Promise<void> {
    const args = [minTotal, extra].map((n) => Math.max(0, Math.round(n)));
    const ageOut = Math.max(1, Math.round(ageOutInMs));
    const prefix = `${this.member()}:p`;
    await this.redis.eval(PHANTOMS_SCRIPT, 1, this.logKey, this.windowMs, ...args, prefix, ageOut);
  }

  /** Raises the count to `lifetimes.length` entries, adding the longest-lived ones missing. */
  async raiseWithLifetimes(lifetimes: number[]): Promise<void> {
    if (lifetimes.length === 0) return;
    const longestFirst = [...lifetimes].sort((a, b) => b - a).map((ms) => Math.max(1, Math.round(ms)));
    const prefix = `${this.member()}:h`;
    await this.redis.eval(
      RAISE_WITH_LIFETIMES_SCRIPT,
      1,
      this.logKey,
      this.windowMs,
      prefix,
      ...longestFirst,
    );
  }

  async pause(forMs: number): Promise<void> {
    await this.redis.eval(PAUSE_SCRIPT, 1, this.pauseKey, Math.max(1, Math.ceil(forMs)));
  }

  private member(): string {
    this.sequence += 1;
    return `${this.memberPrefix}:${this.sequence}`;
  }
}

function toState([count, free, paused]: [number, number, number]): WindowState {
  return { count, freeInMs: free < 0 ? undefined : free, pausedForMs: paused, share: 1 };
}
