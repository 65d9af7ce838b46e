import "server-only";
import { dirname, join } from "node:path";
import type { Redis } from "ioredis";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log/dashboard-logger";
import { authRedis, sharedStoreReporter } from "./auth-redis";
import { reportAtMostEvery } from "./report-at-most";
import { SignedOutFile } from "./signed-out-file";

// Sessions are signed cookies, re-issued by every request that reads them, so clearing the
// cookie at sign-out is not enough: a request still in flight (the budget meter's poll) would
// hand the browser a fresh copy, and a copied cookie would work on. Signing out therefore records
// the session's id until the session would have expired, and a recorded session is refused.
//
// With Redis every instance sees the record. A Redis that restarts empty has forgotten every
// sign-out, so it vouches only for sessions issued since it has held the records: the first
// instance to find the marker key missing writes the current time into it (SET NX, once for all),
// and a cookie issued before that time is refused. Losing Redis's data therefore signs everyone
// out once, and never lets a signed-out session back in. Keep this Redis from evicting keys.
//
// Without Redis, the one instance keeps its records in a file beside the staff file
// (signed-out-file.ts), so a restart forgets none.
//
// If Redis fails (an outage, not a loss), this instance still refuses the sessions signed out
// through it, and the others refuse what they have seen; staying signed in through an outage is
// preferred to signing everyone out.

export interface SessionRevocationsOptions {
  redis?: Redis;
  /** Where the records outlive the process when there is no Redis; call load() first. */
  file?: SignedOutFile;
  onFileError?: (error: unknown) => void;
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

  /** The time (ms) from which Redis holds every sign-out. */
  private get sinceKey(): string {
    return `${this.options.keyPrefix ?? "dashboard:signed-out"}-since`;
  }

  /** Takes in the records the file kept (a file that cannot be read is reported, not fatal). */
  async load(): Promise<void> {
    const kept = await this.options.file?.load(this.now()).catch((error: unknown) => {
      this.options.onFileError?.(error);
      return undefined;
    });
    for (const [id, until] of kept ?? []) this.local.set(id, until);
  }

  async revoke(sessionId: string, untilMs: number): Promise<void> {
    const now = this.now();
    for (const [id, until] of this.local) if (until <= now) this.local.delete(id);
    const ttlMs = Math.max(1, Math.ceil(untilMs - now));
    this.local.set(sessionId, untilMs);
    await Promise.all([
      this.options.redis
        ?.set(this.key(sessionId), "1", "PX", ttlMs)
        .catch((error: unknown) => this.options.onSharedError?.(error)),
      this.options.file
        ?.save(sessionId, untilMs, this.local)
        .catch((error: unknown) => this.options.onFileError?.(error)),
    ]);
  }

  /**
   * Whether the session was signed out, or its cookie issued (`issuedAtMs`; undefined while it is
   * being issued) before Redis last started holding sign-outs.
   */
  async isRevoked(sessionId: string, issuedAtMs?: number): Promise<boolean> {
    const until = this.local.get(sessionId);
    if (until !== undefined && until > this.now()) return true;
    const redis = this.options.redis;
    if (!redis) return false;
    try {
      const [since, signedOut] = await redis.mget(this.sinceKey, this.key(sessionId));
      if (signedOut !== null) return true;
      const vouchedSince = since === null ? await this.startVouching(redis) : Number(since);
      return issuedAtMs !== undefined && issuedAtMs < vouchedSince;
    } catch (error) {
      this.options.onSharedError?.(error);
      return false;
    }
  }

  /** Marks an empty Redis as holding sign-outs from now; the first instance to get here sets it. */
  private async startVouching(redis: Redis): Promise<number> {
    const now = this.now();
    await redis.set(this.sinceKey, String(now), "NX");
    return Number((await redis.get(this.sinceKey)) ?? now);
  }
}

const holder = globalThis as typeof globalThis & { __sessionRevocations?: Promise<SessionRevocations> };

/** The file beside the staff file; only used without Redis. */
export function signedOutFilePath(staffFile: string): string {
  return join(dirname(staffFile), "signed-out-sessions.jsonl");
}

export function sessionRevocations(): Promise<SessionRevocations> {
  holder.__sessionRevocations ??= authRedis().then(async (redis) => {
    const file = redis ? undefined : new SignedOutFile(signedOutFilePath(dashboardEnv().STAFF_FILE));
    const revocations = new SessionRevocations({
      redis,
      file,
      onSharedError: sharedStoreReporter("signed-out sessions"),
      onFileError: reportAtMostEvery(60_000, (error, suppressed) =>
        dashboardLogger().warn(
          { err: error, suppressed, file: file?.path },
          "signed-out sessions file unusable; sign-outs are kept in memory only",
        ),
      ),
    });
    await revocations.load();
    return revocations;
  });
  return holder.__sessionRevocations;
}
