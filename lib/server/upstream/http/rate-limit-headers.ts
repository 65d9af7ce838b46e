import "server-only";

// The service's rate-limit headers, read so that garbage cannot steer the dashboard. Retry-After
// (RFC 9110 section 10.2.3) is either delta-seconds or an HTTP-date; both the token manager and
// the upstream budget honour it, so garbage must not turn into "retry now" or into "wait forever":
// unparseable values are undefined (the caller picks its default) and every answer is capped. The
// X-RateLimit-* headers feed the budget; anything missing or malformed is "unknown", never 0 or
// NaN: a proxy that strips headers, or a garbage value, must not shrink or blow up the budget.

/** Longest wait we accept from a server; anything longer is treated as this. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const TIME = String.raw`(\d{2}):(\d{2}):(\d{2})`;
const MONTH = `(${MONTHS.join("|")})`;
// The three HTTP-date forms recipients must accept (RFC 9110 section 5.6.7).
const IMF_FIXDATE = new RegExp(String.raw`^[A-Z][a-z]{2}, (\d{2}) ${MONTH} (\d{4}) ${TIME} GMT$`);
const RFC_850 = new RegExp(String.raw`^[A-Z][a-z]{5,8}, (\d{2})-${MONTH}-(\d{2}) ${TIME} GMT$`);
const ASCTIME = new RegExp(String.raw`^[A-Z][a-z]{2} ${MONTH} ([ \d]\d) ${TIME} (\d{4})$`);

export interface HeaderSource {
  get(name: string): string | null;
}

export interface RateLimitHeaders {
  /** X-RateLimit-Limit: calls per window (positive). */
  limit: number | undefined;
  /** X-RateLimit-Remaining: calls left in the service's current window. */
  remaining: number | undefined;
  /** X-RateLimit-Reset in ms: until the service's window resets (capped as Retry-After is). */
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
    resetMs: reset === undefined ? undefined : Math.min(reset * 1000, MAX_RETRY_AFTER_MS),
    retryAfterMs: parseRetryAfter(headers.get("retry-after"), nowMs),
  };
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\s*\d{1,9}\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Milliseconds to wait before retrying, or undefined when the header is missing or not a valid
 * Retry-After. A date in the past means 0. `nowMs` is wall-clock time (Date.now()), because an
 * HTTP-date is.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const dateMs = parseHttpDate(text, nowMs);
  if (dateMs === undefined) return undefined;
  return Math.min(Math.max(0, dateMs - nowMs), MAX_RETRY_AFTER_MS);
}

function parseHttpDate(text: string, nowMs: number): number | undefined {
  let match = IMF_FIXDATE.exec(text);
  if (match) return utc(match[3], match[2], match[1], match[4], match[5], match[6]);
  match = RFC_850.exec(text);
  if (match) return utc(fullYear(Number(match[3]), nowMs), match[2], match[1], match[4], match[5], match[6]);
  match = ASCTIME.exec(text);
  if (match) return utc(match[6], match[1], match[2], match[3], match[4], match[5]);
  return undefined;
}

/** RFC 9110: a two-digit year more than 50 years in the future means the most recent past one. */
function fullYear(twoDigits: number, nowMs: number): number {
  const currentYear = new Date(nowMs).getUTCFullYear();
  let year = Math.floor(currentYear / 100) * 100 + twoDigits;
  if (year > currentYear + 50) year -= 100;
  return year;
}

function utc(
  year: string | number | undefined,
  monthName: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
): number | undefined {
  const parts = [Number(year), MONTHS.indexOf(monthName ?? ""), Number(day), Number(hour), Number(minute)];
  const [y, m, d, h, min] = parts as [number, number, number, number, number];
  // A leap second (60) is legal in HTTP; counting it as 59 keeps the day check below honest.
  const s = Math.min(Number(second), 59);
  if (m < 0 || h > 23 || min > 59 || Number(second) > 60) return undefined;
  const ms = Date.UTC(y, m, d, h, min, s);
  // Reject impossible days such as 31 Feb instead of letting Date.UTC roll them over.
  if (new Date(ms).getUTCDate() !== d) return undefined;
  return ms;
}
