import "server-only";
import { parseRetryAfter } from "../http/retry-after";

// Reads the service's rate-limit headers. Anything missing or malformed is "unknown", never 0 or
// NaN: a proxy that strips headers, or a garbage value, must not shrink or blow up the budget.

export interface HeaderSource {
  get(name: string): string | null;
}

export interface RateLimitHeaders {
  /** X-RateLimit-Limit: calls per window (positive). */
  limit: number | undefined;
  /** X-RateLimit-Remaining: calls left in the service's current window. */
  remaining: number | undefined;
  /** X-RateLimit-Reset in ms: until the service's window resets. */
  resetMs: number | undefined;
  /** Retry-After (delta-seconds or HTTP date) in ms from now. */
  retryAfterMs: number | undefined;
}

export function readRateLimitHeaders(headers: HeaderSource, nowMs: number): RateLimitHeaders {
  const limit = wholeNumber(headers.get("x-ratelimit-limit"));
  const reset = wholeNumber(headers.get("x-ratelimit-reset"));
  return {
    limit: limit !== undefined && limit > 0 ? limit : undefined,
    remaining: wholeNumber(headers.get("x-ratelimit-remaining")),
    resetMs: reset === undefined ? undefined : reset * 1000,
    retryAfterMs: parseRetryAfter(headers.get("retry-after"), nowMs),
  };
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\s*\d{1,9}\s*$/.test(value)) return undefined;
  return Number(value);
}
