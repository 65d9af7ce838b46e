import "server-only";
import type { Clock } from "../clock";
import type { LocalToken } from "./acquire";
import type { TokenRefusal } from "./refusal-memory";
import type { TokenUnavailableReason } from "./errors";
import type { TokenStore } from "./store";

// The token manager's knobs with their defaults, its metrics view, and when a token counts as
// stale or due for an early refresh.

export interface TokenManagerOptions {
  /** One call to the token endpoint, e.g. fetchServiceToken with the configured client. */
  fetchToken: (signal?: AbortSignal) => Promise<{ accessToken: string; expiresInSeconds: number }>;
  /** Names the token in the store; must differ per service, client id and scope (tokenCacheKey). */
  cacheKey: string;
  store: TokenStore;
  clock?: Clock;
  /** A token with less than this left is not handed out any more. Default 5 min (spec part 5). */
  refreshMarginMs?: number;
  /**
   * With less than this left, a background refresh starts while the token still serves. Default
   * 5.5 min: half a minute ahead of the margin, so a deployment fetches a token about every 55 min.
   */
  earlyRefreshMs?: number;
  /** Forced renewals after a 401 happen at most once per this interval. Default 30 s. */
  forcedRenewalIntervalMs?: number;
  /**
   * A refused token request (invalid_client, invalid_scope, ...) is answered from memory for this
   * long before the endpoint is asked again. Default 30 s, the forced-renewal interval.
   */
  refusalMemoryMs?: number;
  /** Told once per refusal the endpoint actually gave (not per answer from memory). */
  onRefused?: (refusal: TokenRefusal) => void;
  /**
   * While a token serves, this instance offers it to the store this often and adopts the stored
   * one if another instance's won: after a Redis outage all instances converge on one token.
   * Default 5 s.
   */
  convergeEveryMs?: number;
  /** How long a 429 without a usable Retry-After blocks the token endpoint. Default 10 s. */
  defaultRetryAfterMs?: number;
  /** After a failed background refresh, the next one waits this long (the token still serves). Default 30 s. */
  backgroundRetryMs?: number;
  /** The fetch lock lapses after this; keep it above the token endpoint's timeout. Default 15 s. */
  lockTtlMs?: number;
  /** One whole attempt (waiting for another instance included) gives up after this. Default 30 s. */
  attemptTimeoutMs?: number;
}

export type TokenManagerSettings = Required<
  Omit<TokenManagerOptions, "fetchToken" | "cacheKey" | "store" | "clock" | "onRefused">
>;

export interface TokenManagerSnapshot {
  hasToken: boolean;
  expiresInMs: number | undefined;
  /** Calls to the token endpoint made by this instance. */
  fetches: number;
  refreshing: boolean;
  /** Left of a remembered refusal, during which token requests are answered from memory. */
  refusedForMs: number;
  /** Left of a 429's Retry-After, during which no fetch is attempted. */
  blockedForMs: number | undefined;
  /** The latest attempt's failure; cleared by the next success. Never holds the token. */
  lastError: { reason: TokenUnavailableReason; message: string; at: number } | undefined;
}

export function resolveSettings(options: TokenManagerOptions): TokenManagerSettings {
  return {
    refreshMarginMs: options.refreshMarginMs ?? 5 * 60_000,
    earlyRefreshMs: options.earlyRefreshMs ?? 5.5 * 60_000,
    forcedRenewalIntervalMs: options.forcedRenewalIntervalMs ?? 30_000,
    refusalMemoryMs: options.refusalMemoryMs ?? 30_000,
    convergeEveryMs: options.convergeEveryMs ?? 5_000,
    defaultRetryAfterMs: options.defaultRetryAfterMs ?? 10_000,
    backgroundRetryMs: options.backgroundRetryMs ?? 30_000,
    lockTtlMs: options.lockTtlMs ?? 15_000,
    attemptTimeoutMs: options.attemptTimeoutMs ?? 30_000,
  };
}

/**
 * The manager's view of a token expiring at `expiresAt` (its own clock). `lifetimeMs` is known
 * for a token this instance fetched: one that lives shorter than the margins (not this service's
 * 3600 s, but possible) would otherwise be stale on arrival and refetched on every call.
 */
export function localToken(
  accessToken: string,
  expiresAt: number,
  lifetimeMs: number | undefined,
  settings: TokenManagerSettings,
): LocalToken {
  const lifetime = lifetimeMs ?? Infinity;
  const margin = Math.min(settings.refreshMarginMs, lifetime / 2);
  const early = Math.max(margin, Math.min(settings.earlyRefreshMs, (lifetime * 3) / 4));
  return { accessToken, expiresAt, staleAt: expiresAt - margin, refreshFrom: expiresAt - early };
}
