import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { MemoryTokenStore, type CachedToken, type FetchLock, type TokenStore } from "./store";

// The token shared by every instance of the dashboard through Redis. The value is a live bearer
// token for the whole deployment, stored in clear because every instance must send it: the Redis
// must be private to the dashboard (no other tenants, not reachable from outside), and all keys
// live under `prefix` so they can be told apart and flushed.
//
// Lifetimes are Redis TTLs (PX on write, PTTL on read), so expiry is counted by one clock, not by
// each instance's. If Redis fails or is too slow, the store answers from process memory and
// reports the error: the instance then behaves like a single one (its own token and lock) rather
// than failing every request because a cache is down.

type Operation = "get" | "set" | "lock" | "unlock";

export interface RedisTokenStoreOptions {
  /** Told about every Redis failure that was answered from memory instead. */
  onError?: (error: Error, operation: Operation) => void;
  /**
   * Told about each failed offer. Offers run every few seconds in the background, so this is for a
   * debug line: a warning each time would flood the log for the length of an outage that onError
   * reports already.
   */
  onOfferError?: (error: Error) => void;
  /** Used while Redis is unusable; also kept up to date on every write. */
  fallback?: TokenStore;
  /** A Redis command slower than this counts as failed. */
  operationTimeoutMs?: number;
}

// Compare-and-delete: after our lock lapsed and another instance took it, we must not free theirs.
const RELEASE_IF_OURS = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

// Set-if-absent and read back in one step: of instances offering different tokens at once (Redis
// came back empty), exactly one wins and all learn which. Returns {token, pttl}.
const OFFER = `if redis.call("set", KEYS[1], ARGV[1], "PX", ARGV[2], "NX") then return {ARGV[1], tonumber(ARGV[2])} end
return {redis.call("get", KEYS[1]), redis.call("pttl", KEYS[1])}`;

export class RedisTokenStore implements TokenStore {
  private readonly fallback: TokenStore;
  private readonly operationTimeoutMs: number;
  private readonly onError: NonNullable<RedisTokenStoreOptions["onError"]>;
  private readonly onOfferError: NonNullable<RedisTokenStoreOptions["onOfferError"]>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: RedisTokenStoreOptions = {},
  ) {
    this.fallback = options.fallback ?? new MemoryTokenStore();
    this.operationTimeoutMs = options.operationTimeoutMs ?? 1_000;
    this.onError = options.onError ?? (() => {});
    this.onOfferError = options.onOfferError ?? (() => {});
  }

  async get(key: string): Promise<CachedToken | undefined> {
    const tokenKey = this.tokenKey(key);
    try {
      const replies = await this.bounded(this.redis.multi().get(tokenKey).pttl(tokenKey).exec());
      const [value, ttl] = (replies ?? []).map(([error, reply]) => {
        if (error) throw error;
        return reply;
      });
      // PTTL is -2 for a missing key and -1 for one without expiry, which we never write: ignore it.
      if (typeof value !== "string" || typeof ttl !== "number" || ttl <= 0) return undefined;
      return { accessToken: value, expiresInMs: ttl };
    } catch (error) {
      this.report(error, "get");
      return this.fallback.get(key);
    }
  }

  async set(key: string, token: CachedToken): Promise<void> {
    const ttl = Math.floor(token.expiresInMs);
    if (ttl <= 0) return;
    await this.fallback.set(key, token);
    try {
      await this.bounded(this.redis.set(this.tokenKey(key), token.accessToken, "PX", ttl));
    } catch (error) {
      this.report(error, "set");
    }
  }

  async offer(key: string, token: CachedToken): Promise<CachedToken | undefined> {
    const ttl = Math.floor(token.expiresInMs);
    if (ttl <= 0) return undefined;
    try {
      const reply = await this.bounded(this.redis.eval(OFFER, 1, this.tokenKey(key), token.accessToken, ttl));
      const [value, pttl] = Array.isArray(reply) ? (reply as unknown[]) : [];
      if (typeof value !== "string" || typeof pttl !== "number" || pttl <= 0) return undefined;
      return { accessToken: value, expiresInMs: pttl };
    } catch (error) {
      // Nothing to converge on while Redis cannot tell: this instance keeps its own token.
      this.onOfferError(error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
  }

  async acquireFetchLock(key: string, ttlMs: number): Promise<FetchLock | undefined> {
    const lockKey = this.lockKey(key);
    const owner = randomUUID();
    let reply: string | null;
    try {
      reply = await this.bounded(this.redis.set(lockKey, owner, "PX", Math.max(1, Math.floor(ttlMs)), "NX"));
    } catch (error) {
      this.report(error, "lock");
      return this.fallback.acquireFetchLock(key, ttlMs);
    }
    if (reply !== "OK") return undefined;
    return {
      release: async () => {
        try {
          await this.bounded(this.redis.eval(RELEASE_IF_OURS, 1, lockKey, owner));
        } catch (error) {
          // The lock lapses by its TTL anyway.
          this.report(error, "unlock");
        }
      },
    };
  }

  private tokenKey(key: string): string {
    return `${this.prefix}token:${key}`;
  }

  private lockKey(key: string): string {
    return `${this.prefix}lock:${key}`;
  }

  private report(error: unknown, operation: Operation): void {
    this.onError(error instanceof Error ? error : new Error(String(error)), operation);
  }

  /** A command against an unreachable Redis can queue for long; the caller should not wait on it. */
  private async bounded<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`redis command took longer than ${this.operationTimeoutMs} ms`)),
        this.operationTimeoutMs,
      );
    });
    try {
      return await Promise.race([command, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
