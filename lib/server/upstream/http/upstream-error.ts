import "server-only";

// Why an upstream call failed, in terms the dashboard API can answer with. Carries the service's
// request id for support, never a token, a secret or a full URL.

export type UpstreamFailure = "unavailable" | "timeout" | "rejected" | "invalid_response";

export class UpstreamError extends Error {
  override readonly name = "UpstreamError";

  constructor(
    readonly failure: UpstreamFailure,
    message: string,
    readonly details: { status?: number; upstreamRequestId?: string } = {},
  ) {
    super(message);
  }
}
