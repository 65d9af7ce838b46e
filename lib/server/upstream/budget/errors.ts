import "server-only";

// Typed failure of the upstream budget. The dashboard API maps it to 503 with Retry-After and the
// code below, so the caller learns when to come back instead of seeing the upstream's 429.

export class BudgetExhaustedError extends Error {
  override readonly name = "BudgetExhaustedError";
  readonly code = "upstream_busy";

  constructor(
    /** Estimated ms until a slot frees (oldest grant leaving the window, or the pause ending). */
    readonly retryAfterMs: number,
  ) {
    super(`upstream request budget exhausted; retry in about ${Math.ceil(retryAfterMs / 1000)} s`);
  }

  /** Whole seconds for a Retry-After header (at least 1, as the service does). */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}
