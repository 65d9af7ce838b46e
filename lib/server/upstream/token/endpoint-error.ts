import "server-only";

// How a call to the token endpoint failed, as far as the caller has to act on it: wait
// (rate_limited), get the configuration fixed (rejected), or retry later (unavailable,
// invalid_response). Built only from status codes and OAuth error codes, never from the request,
// so neither the client secret nor a token can end up in a log line.

export type TokenEndpointErrorKind = "rate_limited" | "rejected" | "unavailable" | "invalid_response";

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
