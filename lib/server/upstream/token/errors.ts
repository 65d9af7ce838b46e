import "server-only";

// How getting the service token fails. The token endpoint's failures (TokenEndpointError) are
// built only from status codes and OAuth error codes, never from the request, so neither the
// client secret nor a token can end up in a log line. The token manager's callers catch one class,
// TokenUnavailableError, so a route handler needs one branch. A refusal is remembered for a while,
// because asking again would be refused again.

export type TokenEndpointErrorKind = "rate_limited" | "rejected" | "unavailable" | "invalid_response";

/**
 * How a call to the token endpoint failed, as far as the caller has to act on it: wait
 * (rate_limited), get the configuration fixed (rejected), or retry later (unavailable,
 * invalid_response).
 */
export class TokenEndpointError extends Error {
  override readonly name = "TokenEndpointError";
  readonly kind: TokenEndpointErrorKind;
  /** HTTP status, when the endpoint answered. */
  readonly status: number | undefined;
  /** From Retry-After on a 429; undefined when the header was missing or unreadable. */
  readonly retryAfterMs: number | undefined;
  /** The RFC 6749 5.2 `error` code (invalid_client, invalid_scope, ...), when the body had one. */
  readonly oauthError: string | undefined;

  constructor(
    kind: TokenEndpointErrorKind,
    message: string,
    details: { status?: number; retryAfterMs?: number; oauthError?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.oauthError = details.oauthError;
  }
}

export type TokenUnavailableReason = TokenEndpointErrorKind | "timeout";

/**
 * What callers of the token manager catch: `reason` says whether to answer "try again in
 * retryAfterMs" (rate_limited), alert someone (rejected), or report the upstream as unavailable.
 */
export class TokenUnavailableError extends Error {
  override readonly name = "TokenUnavailableError";
  readonly reason: TokenUnavailableReason;
  /** Set when retrying earlier is pointless: the token endpoint asked us to wait this long. */
  readonly retryAfterMs: number | undefined;

  constructor(
    reason: TokenUnavailableReason,
    message: string,
    options: { retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** Wraps whatever the injected fetchToken threw; its message is already secret-free. */
  static from(error: unknown): TokenUnavailableError {
    if (error instanceof TokenUnavailableError) return error;
    if (error instanceof TokenEndpointError) {
      return new TokenUnavailableError(error.kind, `no service token: ${error.message}`, {
        retryAfterMs: error.retryAfterMs,
        cause: error,
      });
    }
    // Not our error type, so its message is not known to be free of secrets: keep it only as cause.
    const kind = error instanceof Error ? error.name : typeof error;
    return new TokenUnavailableError("unavailable", `no service token: the token request failed (${kind})`, {
      cause: error,
    });
  }
}

export interface TokenRefusal {
  /** The OAuth error code (invalid_client, ...), when the endpoint gave one. */
  oauthError: string | undefined;
  status: number | undefined;
  /** Secret-free, like every TokenUnavailableError message. */
  message: string;
  rememberedForMs: number;
}

/**
 * A token request the service refused (invalid_client: the client was revoked or its secret no
 * longer matches; invalid_scope; a wrong base URL) will be refused again until someone changes the
 * configuration. Asking again on every staff request would spend the token endpoint's 10 a minute
 * and end in throttling, so the refusal is answered from memory for a while, then asked again.
 */
export class TokenRefusalMemory {
  private refusal: TokenUnavailableError | undefined;
  private until = -Infinity;

  constructor(private readonly memoryMs: number) {}

  /** Remembers a "rejected" failure; returns what was remembered, or undefined for other failures. */
  remember(failure: TokenUnavailableError, now: number): TokenRefusal | undefined {
    if (failure.reason !== "rejected" || this.memoryMs <= 0) return undefined;
    this.refusal = failure;
    this.until = now + this.memoryMs;
    const cause = failure.cause instanceof TokenEndpointError ? failure.cause : undefined;
    return {
      oauthError: cause?.oauthError,
      status: cause?.status,
      message: failure.message,
      rememberedForMs: this.memoryMs,
    };
  }

  /** The remembered refusal while it stands, as a fresh error for the caller. */
  answer(now: number): TokenUnavailableError | undefined {
    if (!this.refusal || now >= this.until) return undefined;
    return new TokenUnavailableError("rejected", `${this.refusal.message} (remembered)`, {
      cause: this.refusal.cause,
    });
  }

  remainingMs(now: number): number {
    return Math.max(0, this.until - now);
  }
}
