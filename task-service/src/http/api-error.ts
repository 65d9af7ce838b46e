// The one error type of the service. Thrown anywhere in a request; the error handler renders it.

export type ApiErrorCode =
  | "invalid_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "rate_limited"
  | "internal_error"
  | "unavailable";

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidRequest = (message: string) => new ApiError(400, "invalid_request", message);

export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    "rate_limited",
    `Rate limit exceeded; retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`,
    { "retry-after": String(retryAfterSeconds) },
  );
}

export function errorBody(code: string, message: string, requestId: string) {
  return { error: { code, message, request_id: requestId } };
}
