import "server-only";
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { authRedis, sharedStoreReporter } from "./auth-redis";

// Password guessing is slowed per account and per address: 5 failures in 15 minutes blocks
// further attempts for the rest of that window. Successful sign-ins do not count. Without an
// address (no proxy said where the request came from) only the account counts: one shared
// "unknown" address would let 20 failures lock every member of staff out.
//
// With Redis every instance counts into the same windows, so a guesser gains nothing by being
// spread over instances. Each instance also counts its own failures in memory, and answers from
// there while Redis fails: throttling goes on (per instance) rather than failing open, and a
// Redis outage never stops anyone signing in.

export const FAILURES_PER_ACCOUNT = 5;
export const FAILURES_PER_ADDRESS = FAILURES_PER_ACCOUNT * 4;
const WINDOW_SECONDS = 15 * 60;

interface Limiters {
  account: RateLimiterAbstract;
  address: RateLimiterAbstract;
}

export interface SignInThrottleOptions {
  /** Shared counts; without it this instance counts alone. */
  redis?: Redis;
  keyPrefix?: string;
  /** Told when Redis fails and the memory counts answer instead. */
  onSharedError?: (error: unknown) => void;
}

function memoryLimiters(): Limiters {
  return {
    account: new RateLimiterMemory({ points: FAILURES_PER_ACCOUNT, duration: WINDOW_SECONDS }),
    address: new RateLimiterMemory({ points: FAILURES_PER_ADDRESS, duration: WINDOW_SECONDS }),
  };
}

function redisLimiters(redis: Redis, keyPrefix: string): Limiters {
  const options = { storeClient: redis, rejectIfRedisNotReady: true, duration: WINDOW_SECONDS };
  return {
    account: new RateLimiterRedis({
      ...options,
      keyPrefix: `${keyPrefix}:account`,
      points: FAILURES_PER_ACCOUNT,
    }),
    address: new RateLimiterRedis({
      ...options,
      keyPrefix: `${keyPrefix}:address`,
      points: FAILURES_PER_ADDRESS,
    }),
  };
}

/** A consume past the limit rejects with the state; that is a counted failure, not an error. */
async function countFailure(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.consume(key).catch((rejection: unknown) => {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
  });
}

async function isBlockedIn(limiters: Limiters, account: string, address?: string): Promise<boolean> {
  const [accountState, addressState] = await Promise.all([
    limiters.account.get(account),
    address === undefined ? null : limiters.address.get(address),
  ]);
  return (
    (accountState?.consumedPoints ?? 0) >= FAILURES_PER_ACCOUNT ||
    (addressState?.consumedPoints ?? 0) >= FAILURES_PER_ADDRESS
  );
}

export class SignInThrottle {
  private readonly local = memoryLimiters();
  private readonly shared: Limiters | undefined;

  constructor(private readonly options: SignInThrottleOptions = {}) {
    this.shared = options.redis
      ? redisLimiters(options.redis, options.keyPrefix ?? "dashboard:signin")
      : undefined;
  }

  async isBlocked(account: string, address?: string): Promise<boolean> {
    if (this.shared) {
      try {
        return await isBlockedIn(this.shared, account, address);
      } catch (error) {
        this.options.onSharedError?.(error);
      }
    }
    return isBlockedIn(this.local, account, address);
  }

  async recordFailure(account: string, address?: string): Promise<void> {
    const count = (limiters: Limiters) =>
      Promise.all([
        countFailure(limiters.account, account),
        address === undefined ? undefined : countFailure(limiters.address, address),
      ]);
    const shared = this.shared;
    await Promise.all([
      count(this.local),
      shared && count(shared).catch((error: unknown) => this.options.onSharedError?.(error)),
    ]);
  }
}

const holder = globalThis as typeof globalThis & { __signInThrottle?: Promise<SignInThrottle> };

/** This instance's throttle: shared through REDIS_URL when configured, set up on first use. */
export function signInThrottle(): Promise<SignInThrottle> {
  holder.__signInThrottle ??= authRedis().then(
    (redis) => new SignInThrottle({ redis, onSharedError: sharedStoreReporter("sign-in throttle") }),
  );
  return holder.__signInThrottle;
}

export async function isSignInBlocked(account: string, address?: string): Promise<boolean> {
  return (await signInThrottle()).isBlocked(account, address);
}

export async function recordSignInFailure(account: string, address?: string): Promise<void> {
  await (await signInThrottle()).recordFailure(account, address);
}
