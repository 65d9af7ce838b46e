import "server-only";
import type { Redis } from "ioredis";
import { authRedis, sharedStoreReporter } from "./auth-redis";

// Sessions are signed cookies, re-issued by every request that reads them, so clearing the
// cookie at sign-out is not enough: a request still in flight (the budget meter's poll) would
// hand the browser a fresh copy, and a copied cookie would work on. Signing out therefore records
// the session's id until the session would have expired, and a recorded session is refused.
//
// With Redis every instance sees the record. If Redis fails, this instance still refuses the
// sessions signed out through it, and the others refuse what they have seen; staying signed in
// through an outage is preferred to signing everyone out.

export interface SessionRevocationsOptions {
  redis?: Redis;
  keyPrefix?: string;
  onSharedError?: (error: unknown) => void;
  now?: () => number;
}

export class SessionRevocations {
  /** Session id -> when its record may go (ms). */
  private readonly local = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: SessionRevocationsOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  private key(sessionId: string): string {
    return `${this.options.keyPrefix ?? "dashboard:signed-out"}:${sessionId}`;
  }

  async revoke(sessionId: string, untilMs: number): Promise<void> {
    const now = this.now();
    for (const [id, until] of this.local) if (until <= now) this.local.delete(id);
    const ttlMs = Math.max(1, Math.ceil(untilMs - now));
    this.local.set(sessionId, untilMs);
    await this.options.redis
      ?.set(this.key(sessionId), "1", "PX", ttlMs)
      .catch((error: unknown) => this.options.onSharedError?.(error));
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    const until = this.local.get(sessionId);
    if (until !== undefined && until > this.now()) return true;
    if (!this.options.redis) return false;
    try {
      return (await this.options.redis.exists(this.key(sessionId))) === 1;
    } catch (error) {
      this.options.onSharedError?.(error);
      return false;
    }
  }
}

const holder = globalThis as typeof globalThis & { __sessionRevocations?: Promise<SessionRevocations> };

export function sessionRevocations(): Promise<SessionRevocations> {
  holder.__sessionRevocations ??= authRedis().then(
    (redis) => new SessionRevocations({ redis, onSharedError: sharedStoreReporter("signed-out sessions") }),
  );
  return holder.__sessionRevocations;
}

/** A decoded session is live when it carries an id (every sign-in gives one) not signed out. */
export async function isLiveSession(sessionId: unknown): Promise<boolean> {
  return typeof sessionId === "string" && !(await (await sessionRevocations()).isRevoked(sessionId));
}
