import "server-only";
import { isIP } from "node:net";
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { isStaffEmail, normaliseEmail } from "../staff";
import { authRedis, sharedStoreReporter } from "./auth-redis";

// Password guessing is slowed per account and per address: 5 failures in 15 minutes blocks
// further attempts for the rest of that window. Every attempt is counted, atomically, before its
// password is checked, and a successful one gives its count back: checking first and counting
// after let a parallel burst have every password checked before any failure was recorded.
// Without an address (no trusted proxy said where the request came from, clientAddress below)
// only the account counts: one shared "unknown" address would let 20 failures lock every member
// of staff out.
//
// With Redis every instance counts into the same windows, so a guesser gains nothing by being
// spread over instances. Each instance also counts its own attempts in memory, and answers from
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

/**
 * The account a password sign-in claims, as it is counted here, looked up in the staff file and
 * recorded in the audit trail: the email typed, normalised, or "" for text no member can have (not
 * an email, or longer than the staff file allows one to be). The field is the visitor's to fill,
 * with a megabyte or with a password typed in the wrong place, and as a key it would be kept in
 * memory or Redis for the whole window; as "" it is refused like any account the staff file does
 * not list, after the same password check.
 */
export function claimedAccount(typed: unknown): string {
  const email = typeof typed === "string" ? normaliseEmail(typed) : "";
  return isStaffEmail(email) ? email : "";
}

/** Counts one attempt; false when it goes past the limit. */
async function counted(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  return limiter.consume(key).then(
    () => true,
    (rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    },
  );
}

async function countIn(limiters: Limiters, account: string, address?: string): Promise<boolean> {
  const [accountAllowed, addressAllowed] = await Promise.all([
    counted(limiters.account, account),
    address === undefined ? true : counted(limiters.address, address),
  ]);
  return accountAllowed && addressAllowed;
}

async function giveBack(limiters: Limiters, account: string, address?: string): Promise<void> {
  await Promise.all([
    limiters.account.reward(account, 1),
    address === undefined ? undefined : limiters.address.reward(address, 1),
  ]);
}

export interface SignInAttempt {
  /** False: past the limit, the password must not be checked. */
  allowed: boolean;
  /** The password was right: successful sign-ins do not count. */
  succeeded(): Promise<void>;
}

export class SignInThrottle {
  private readonly local = memoryLimiters();
  private readonly shared: Limiters | undefined;

  constructor(private readonly options: SignInThrottleOptions = {}) {
    this.shared = options.redis
      ? redisLimiters(options.redis, options.keyPrefix ?? "dashboard:signin")
      : undefined;
  }

  /** Counts an attempt before its password is checked. */
  async attempt(account: string, address?: string): Promise<SignInAttempt> {
    const shared = this.shared;
    const [locally, sharedly] = await Promise.all([
      countIn(this.local, account, address),
      shared &&
        countIn(shared, account, address).catch((error: unknown) => {
          this.options.onSharedError?.(error);
          return undefined;
        }),
    ]);
    return {
      allowed: sharedly ?? locally,
      succeeded: async () => {
        await Promise.all([
          giveBack(this.local, account, address),
          sharedly !== undefined &&
            shared &&
            giveBack(shared, account, address).catch((error: unknown) => this.options.onSharedError?.(error)),
        ]);
      },
    };
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

export async function countSignInAttempt(account: string, address?: string): Promise<SignInAttempt> {
  return (await signInThrottle()).attempt(account, address);
}

// Where a sign-in attempt came from, for the per-address throttle. Next hands a route handler no
// peer address: it only fills X-Forwarded-For with the peer when the request has none, so without
// a proxy in front the header is whatever the client wrote. It is therefore read only when the
// operator says how many reverse proxies stand in front (DASHBOARD_TRUST_PROXY); each appends the
// address it saw, so the client is the entry that many places from the right, and anything to its
// left the client may have made up.

/** The client's address as the outermost trusted proxy saw it; undefined when none is trusted. */
export function clientAddress(headers: Headers, trustedProxies: number): string | undefined {
  if (trustedProxies < 1) return undefined;
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  const address = entries[entries.length - trustedProxies];
  return address && isIP(address) ? address : undefined;
}
