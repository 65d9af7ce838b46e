import "server-only";
import { systemClock, type Clock } from "../clock";

// Where the deployment's one service token lives, and the lock that lets only one holder of the
// store fetch a new one. Lifetimes cross this interface as "milliseconds left", never as an
// absolute time: with Redis the remaining lifetime is counted by Redis itself, so instances whose
// clocks disagree still agree on when the token expires.

export interface CachedToken {
  accessToken: string;
  /** Milliseconds of validity left when it was read or written. */
  expiresInMs: number;
}

export interface TokenStore {
  /** The token under `key`, or undefined when there is none or it has expired. */
  get(key: string): Promise<CachedToken | undefined>;
  /** Stores the token until `token.expiresInMs` from now. */
  set(key: string, token: CachedToken): Promise<void>;
  /**
   * Stores the token only if none is stored (the first offer wins), and returns the stored one:
   * ours, or the one every other holder of the store will adopt. Undefined when the store cannot
   * tell (it is unreachable): nothing to converge on then.
   */
  offer(key: string, token: CachedToken): Promise<CachedToken | undefined>;
  /**
   * The fetch lock for `key` when nobody else holds it, else undefined. It lapses by itself after
   * `ttlMs`, so a holder that dies does not block the others for longer than that.
   */
  acquireFetchLock(key: string, ttlMs: number): Promise<FetchLock | undefined>;
}

export interface FetchLock {
  /** Releases the lock if it is still ours; after a lapse someone else may hold it by now. */
  release(): Promise<void>;
}

/**
 * The cache key of one token: the same service, client and scope share a token; anything else
 * gets its own. The scope is normalised so "b a" and "a b" are one key.
 */
export function tokenCacheKey(parts: { baseUrl: string; clientId: string; scope?: string }): string {
  const scope =
    parts.scope === undefined ? "*" : [...new Set(parts.scope.split(" ").filter(Boolean))].sort().join(" ");
  return [parts.baseUrl.replace(/\/+$/, ""), parts.clientId, scope].map(encodeURIComponent).join("|");
}

/**
 * Process memory: one instance of the BFF, or the fallback when Redis is down. Keep one per
 * process (on globalThis), so a dev reload does not start from an empty cache.
 */
export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, { accessToken: string; expiresAt: number }>();
  private readonly locks = new Map<string, { owner: symbol; until: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  async get(key: string): Promise<CachedToken | undefined> {
    const entry = this.tokens.get(key);
    if (!entry) return undefined;
    const expiresInMs = entry.expiresAt - this.clock.now();
    if (expiresInMs <= 0) {
      this.tokens.delete(key);
      return undefined;
    }
    return { accessToken: entry.accessToken, expiresInMs };
  }

  async set(key: string, token: CachedToken): Promise<void> {
    if (token.expiresInMs <= 0) return;
    this.tokens.set(key, { accessToken: token.accessToken, expiresAt: this.clock.now() + token.expiresInMs });
  }

  async offer(key: string, token: CachedToken): Promise<CachedToken | undefined> {
    const stored = await this.get(key);
    if (stored) return stored;
    await this.set(key, token);
    return this.get(key);
  }

  async acquireFetchLock(key: string, ttlMs: number): Promise<FetchLock | undefined> {
    const now = this.clock.now();
    const held = this.locks.get(key);
    if (held && held.until > now) return undefined;
    const owner = Symbol(key);
    this.locks.set(key, { owner, until: now + ttlMs });
    return {
      release: async () => {
        if (this.locks.get(key)?.owner === owner) this.locks.delete(key);
      },
    };
  }
}
