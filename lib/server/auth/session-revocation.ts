import "server-only";
import { dirname, join } from "node:path";
import type { Redis } from "ioredis";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log";
import { reportAtMostEvery } from "./auth-logger";
import { authRedis, sharedStoreReporter } from "./auth-redis";
import { SignedOutFile } from "./signed-out-file";

// Sessions are signed cookies, re-issued by every request that reads them, so clearing the
// cookie at sign-out is not enough: a request still in flight (the budget meter's poll) would
// hand the browser a fresh copy, and a copied cookie would work on. Signing out therefore records
// the session's id until the session would have expired, and a recorded session is refused.
//
// With Redis every instance sees the record. A Redis that restarts empty has forgotten every
// sign-out, so it vouches only for sessions issued since it has held the records: the first
// instance to find the marker key missing sets it to Redis's current time (startVouching), and
// a cookie issued before that time is refused. Losing Redis's data therefore signs everyone out
// once, and never lets a signed-out session back in. Keep this Redis from evicting keys.
//
// Without Redis, the one instance keeps its records in a file beside the staff file
// (signed-out-file.ts), so a restart forgets none. A file that exists but cannot be read is
// treated like an emptied Redis: cookies issued before this process loaded it are refused.
//
// If Redis fails (an outage, not a loss), sessions stay signed in rather than everyone being
// signed out, and each instance refuses the sign-outs made through it and those it has read from
// Redis (a record holds its end, so an instance keeps what it read until then): another instance
// accepts a copy of a cookie signed out during the outage until this one reaches Redis again.
// Sign-outs whose write failed are kept and written (with their remaining lifetime) right after
// this instance's next successful Redis command, which any request's session check makes.

export interface SessionRevocationsOptions {
  redis?: Redis;
  /** Where the records outlive the process when there is no Redis; call load() first. */
  file?: SignedOutFile;
  onFileError?: (error: unknown) => void;
  /** The file exists but could not be read at load(). */
  onFileUnreadable?: (error: unknown) => void;
  keyPrefix?: string;
  onSharedError?: (error: unknown) => void;
  now?: () => number;
}

export class SessionRevocations {
  /** Session id -> when its record may go (ms). */
  private readonly local = new Map<string, number>();
  /** Sign-outs whose Redis write failed: session id -> until (ms). */
  private readonly unshared = new Map<string, number>();
  private sharing: Promise<void> | undefined;
  /** Set when the file could not be read: cookies issued before then are refused. */
  private forgottenBefore: number | undefined;
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

  /**
   * A sign-out kept here until its end, with those past theirs let go: one made through this
   * instance, or read from Redis, so that through an outage, or while a Redis that restarted empty
   * is reconnected to, this instance still refuses it. A record without its end (written to Redis
   * by an earlier version, as "1") is not kept.
   */
  private remember(sessionId: string, untilMs: number): void {
    const now = this.now();
    if (!(untilMs > now)) return;
    for (const [id, until] of this.local) if (until <= now) this.local.delete(id);
    this.local.set(sessionId, untilMs);
  }

  /** Takes in the records the file kept; when it cannot be read, refuses older cookies instead. */
  async load(): Promise<void> {
    const kept = await this.options.file?.load(this.now()).catch((error: unknown) => {
      this.forgottenBefore = this.now();
      this.options.onFileUnreadable?.(error);
      return undefined;
    });
    for (const [id, until] of kept ?? []) this.local.set(id, until);
  }

  async revoke(sessionId: string, untilMs: number): Promise<void> {
    this.remember(sessionId, untilMs);
    await Promise.all([
      this.share(sessionId, untilMs),
      this.options.file
        ?.save(sessionId, untilMs, this.local)
        .catch((error: unknown) => this.options.onFileError?.(error)),
    ]);
  }

  /** Writes one sign-out to Redis; one that fails waits in `unshared` for Redis to answer. */
  private async share(sessionId: string, untilMs: number): Promise<void> {
    const redis = this.options.redis;
    if (!redis) return;
    const ttlMs = Math.ceil(untilMs - this.now());
    if (ttlMs <= 0) {
      this.unshared.delete(sessionId);
      return;
    }
    try {
      await redis.set(this.key(sessionId), String(untilMs), "PX", ttlMs);
      this.unshared.delete(sessionId);
    } catch (error) {
      this.unshared.set(sessionId, untilMs);
      this.options.onSharedError?.(error);
    }
  }

  /** After a successful Redis command: writes the sign-outs an outage held back, once at a time. */
  private async shareHeldBack(): Promise<void> {
    if (this.unshared.size === 0) return;
    this.sharing ??= (async () => {
      for (const [id, until] of [...this.unshared]) await this.share(id, until);
    })().finally(() => {
      this.sharing = undefined;
    });
    await this.sharing;
  }

  /**
   * Whether the session was signed out, or its cookie issued (`issuedAtMs`; undefined while it is
   * being issued) before Redis last started holding sign-outs.
   */
  async isRevoked(sessionId: string, issuedAtMs?: number): Promise<boolean> {
    const until = this.local.get(sessionId);
    if (until !== undefined && until > this.now()) return true;
    if (this.forgottenBefore !== undefined && issuedAtMs !== undefined && issuedAtMs < this.forgottenBefore)
      return true;
    const redis = this.options.redis;
    if (!redis) return false;
    try {
      const [since, signedOut] = await redis.mget(this.sinceKey, this.key(sessionId));
      await this.shareHeldBack();
      if (signedOut !== null) {
        this.remember(sessionId, Number(signedOut));
        return true;
      }
      const vouchedSince = since === null ? await startVouching(redis, this.sinceKey) : Number(since);
      return issuedAtMs !== undefined && issuedAtMs < vouchedSince;
    } catch (error) {
      this.options.onSharedError?.(error);
      return false;
    }
  }
}

// When an emptied Redis started holding sign-outs. The time is Redis's own
// (TIME), not the clock of whichever instance noticed first: cookies are stamped by every
// instance's clock, so all of them are compared with one clock, and the instances' clocks must
// agree with it (NTP), as session expiry needs anyway. One script, so that reading the time and
// setting the key cannot interleave with another instance's.
const START_VOUCHING = `
local time = redis.call('TIME')
redis.call('SET', KEYS[1], string.format('%.0f', time[1] * 1000 + math.floor(time[2] / 1000)), 'NX')
return redis.call('GET', KEYS[1])
`;

/** Sets the marker to Redis's current time unless it is set; returns the marker (ms). */
async function startVouching(redis: Redis, key: string): Promise<number> {
  return Number(await redis.eval(START_VOUCHING, 1, key));
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
      onFileUnreadable: (error) =>
        dashboardLogger().error(
          { err: error, file: file?.path },
          "signed-out sessions file unreadable; sessions issued before this start are refused",
        ),
    });
    await revocations.load();
    return revocations;
  });
  return holder.__sessionRevocations;
}
