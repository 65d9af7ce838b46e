import "server-only";
import { TokenEndpointError, type TokenEndpointErrorKind } from "./endpoint-error";

// What callers of the token manager catch. One class, so a route handler needs one branch:
// `reason` says whether to answer "try again in retryAfterMs" (rate_limited), alert someone
// (rejected), or report the upstream as unavailable.

export type TokenUnavailableReason = TokenEndpointErrorKind | "timeout";

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
