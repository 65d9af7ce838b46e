// Per-key rate limits over fixed windows (a minute unless the caller says otherwise), shared by
// all instances through Redis when it is configured. If Redis cannot be reached, each instance
// falls back to an in-memory limiter with the same limit: the service keeps answering (a
// per-instance limit rather than a global one) instead of turning a cache outage into a full
// outage. Redis is used again as soon as it answers.
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, at least 1. */
  resetSeconds: number;
}

export interface FixedWindowRateLimit {
  take(key: string): Promise<RateLimitDecision>;
}

const WINDOW_SECONDS = 60;

export function createFixedWindowRateLimit(options: {
  name: string;
  /** Calls allowed per window: per minute with the default window. */
  perMinute: number;
  windowSeconds?: number | undefined;
  redis: Redis | undefined;
}): FixedWindowRateLimit {
  const duration = options.windowSeconds ?? WINDOW_SECONDS;
  const memory = new RateLimiterMemory({
    keyPrefix: options.name,
    points: options.perMinute,
    duration,
  });
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({
        storeClient: options.redis,
        keyPrefix: `vts:rl:${options.name}`,
        points: options.perMinute,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;

  return {
    async take(key) {
      let outcome: RateLimiterRes;
      let allowed = true;
      try {
        outcome = await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        outcome = rejection;
        allowed = false;
      }
      return {
        allowed,
        limit: options.perMinute,
        remaining: Math.max(0, outcome.remainingPoints),
        resetSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)),
      };
    },
  };
}
