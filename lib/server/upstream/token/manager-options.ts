import "server-only";
import type { Clock } from "../clock";
import type { LocalToken } from "./acquire";
import type { TokenRefusal, TokenUnavailableError, TokenUnavailableReason } from "./errors";
import type { TokenStore } from "./store";

// The token manager's options and timings, its metrics view, and when a token counts as stale or
// due for an early refresh. The timings are constants, not options: nothing in production varies
// them, and tests move a clock rather than shorten them.

/**
 * A token with less than this left is not handed out any more: a request sent with it must still
 * find it valid at the service, after the budget's wait and the network's.
 */
const REFRESH_MARGIN_MS = 5 * 60_000;
/**
 * With less than this left, a background refresh starts while the token still serves: half a
 * minute ahead of the margin, so a deployment fetches a token about every 55 min.
 */
export const EARLY_REFRESH_MS = 5.5 * 60_000;
/** Forced renewals after a 401 happen at most once per this interval. */
export const FORCED_RENEWAL_INTERVAL_MS = 30_000;
/**
 * A refused token request (invalid_client, invalid_scope, ...) is answered from memory for this
 * long before the endpoint is asked again: as long as the forced-renewal interval, so a refused
 * client is asked about no more often than a refused token is renewed.
 */
export const REFUSAL_MEMORY_MS = 30_000;
/**
 * While a token serves, this instance offers it to the store this often and adopts the stored one
 * if another instance's won: after a Redis outage all instances converge on one token.
 */
export const CONVERGE_EVERY_MS = 5_000;
/** How long a 429 without a usable Retry-After blocks the token endpoint. */
export const DEFAULT_RETRY_AFTER_MS = 10_000;
/** After a failed background refresh, the next one waits this long (the token still serves). */
export const BACKGROUND_RETRY_MS = 30_000;
/**
 * A token with at least this left still serves when its renewal fails for a while (the endpoint
 * throttled or briefly down): the service takes it until it expires.
 */
export const STILL_SERVES_MS = 60_000;
/** The shortest wait a 429 of the token endpoint imposes, whatever its Retry-After says. */
export const MIN_RETRY_AFTER_MS = 1_000;
/** The fetch lock lapses after this; it stays above the token endpoint's timeout. */
export const LOCK_TTL_MS = 15_000;
/** One whole attempt (waiting for another instance included) gives up after this. */
export const ATTEMPT_TIMEOUT_MS = 30_000;

export interface TokenManagerOptions {
  /** One call to the token endpoint, e.g. fetchServiceToken with the configured client. */
  fetchToken: (signal?: AbortSignal) => Promise<{ accessToken: string; expiresInSeconds: number }>;
  /** Names the token in the store; must differ per service, client id and scope (tokenCacheKey). */
  cacheKey: string;
  store: TokenStore;
  clock?: Clock;
  /** Told once per refusal the endpoint actually gave (not per answer from memory). */
  onRefused?: (refusal: TokenRefusal) => void;
  /**
   * Told when converging on the stored token failed: the token held serves on, and the next
   * offer comes CONVERGE_EVERY_MS later. For a debug line: it can repeat every few seconds.
   */
  onConvergeError?: (error: unknown) => void;
  /**
   * Told when a background refresh failed: the token held serves on and the next try comes
   * BACKGROUND_RETRY_MS later; without it nothing would say so until the token ran out.
   */
  onRefreshError?: (error: TokenUnavailableError) => void;
}

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

/**
 * The manager's view of a token expiring at `expiresAt` (its own clock). `lifetimeMs` is known
 * for a token this instance fetched: one that lives shorter than the margins (not this service's
 * 3600 s, but possible) would otherwise be stale on arrival and refetched on every call.
 */
export function localToken(
  accessToken: string,
  expiresAt: number,
  lifetimeMs: number | undefined,
): LocalToken {
  const lifetime = lifetimeMs ?? Infinity;
  const margin = Math.min(REFRESH_MARGIN_MS, lifetime / 2);
  const early = Math.max(margin, Math.min(EARLY_REFRESH_MS, (lifetime * 3) / 4));
  return { accessToken, expiresAt, staleAt: expiresAt - margin, refreshFrom: expiresAt - early };
}
