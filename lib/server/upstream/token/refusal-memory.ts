import "server-only";
import { TokenEndpointError } from "./endpoint-error";
import { TokenUnavailableError } from "./errors";

// A token request the service refused (invalid_client: the client was revoked or its secret no
// longer matches; invalid_scope; a wrong base URL) will be refused again until someone changes the
// configuration. Asking again on every staff request would spend the token endpoint's 10 a minute
// and end in throttling, so the refusal is answered from memory for a while, then asked again.

export interface TokenRefusal {
  /** The OAuth error code (invalid_client, ...), when the endpoint gave one. */
  oauthError: string | undefined;
  status: number | undefined;
  /** Secret-free, like every TokenUnavailableError message. */
  message: string;
  rememberedForMs: number;
}

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
