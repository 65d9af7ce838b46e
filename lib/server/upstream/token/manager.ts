import "server-only";
import { abortable, systemClock, type Clock } from "../clock";
import { acquireTokenWithin, storedTokenToAdopt, type AcquireDeps, type LocalToken } from "./acquire";
import { TokenRefusalMemory, TokenUnavailableError } from "./errors";
import {
  ATTEMPT_TIMEOUT_MS,
  BACKGROUND_RETRY_MS,
  CONVERGE_EVERY_MS,
  DEFAULT_RETRY_AFTER_MS,
  FORCED_RENEWAL_INTERVAL_MS,
  localToken,
  LOCK_TTL_MS,
  MIN_RETRY_AFTER_MS,
  REFUSAL_MEMORY_MS,
  STILL_SERVES_MS,
  type TokenManagerOptions,
  type TokenManagerSnapshot,
} from "./manager-options";

export type { TokenManagerOptions, TokenManagerSnapshot } from "./manager-options";

// The one service token of the deployment, cached and reused until about five minutes before
// expiry: the token endpoint allows only 10 requests a minute per client, shared by every instance.
// Expiry is received-at + expires_in on OUR clock, never the JWT's exp, which is the service's.
// Concurrent callers share one attempt ("flight"); failures are not cached, except that a 429
// blocks further attempts until its Retry-After has passed, and a refusal (invalid_client) is
// answered from memory for REFUSAL_MEMORY_MS.

type Accept = (token: LocalToken) => boolean;

export class TokenManager {
  private readonly clock: Clock;
  private readonly acquireDeps: AcquireDeps;
  private current: LocalToken | undefined;
  private flight: { promise: Promise<LocalToken>; forced: boolean } | undefined;
  private fetches = 0;
  private blockedUntil = -Infinity;
  private backgroundRetryAt = -Infinity;
  private lastForced: { token: string; at: number } | undefined;
  private lastError: TokenManagerSnapshot["lastError"];
  private readonly refusal: TokenRefusalMemory;
  private readonly onRefused: NonNullable<TokenManagerOptions["onRefused"]>;
  private readonly onConvergeError: NonNullable<TokenManagerOptions["onConvergeError"]>;
  private readonly onRefreshError: NonNullable<TokenManagerOptions["onRefreshError"]>;
  private convergeAt = -Infinity;
  private converging = false;
  /** The latest token /v1 answered 401 to. */
  private refusedToken: string | undefined;

  constructor(options: TokenManagerOptions) {
    this.clock = options.clock ?? systemClock;
    this.refusal = new TokenRefusalMemory(REFUSAL_MEMORY_MS);
    this.onRefused = options.onRefused ?? (() => {});
    this.onConvergeError = options.onConvergeError ?? (() => {});
    this.onRefreshError = options.onRefreshError ?? (() => {});
    this.acquireDeps = {
      store: options.store,
      key: options.cacheKey,
      clock: this.clock,
      lockTtlMs: LOCK_TTL_MS,
      fetch: async (signal) => {
        this.fetches++;
        const fetched = await options.fetchToken(signal);
        return { accessToken: fetched.accessToken, expiresInMs: fetched.expiresInSeconds * 1000 };
      },
      toLocal: localToken,
    };
  }

  /**
   * A token with more than REFRESH_MARGIN_MS left, or, when its renewal fails, the token held while
   * the service still takes it (stillServing); rejects with TokenUnavailableError or the signal's reason.
   */
  async getToken(signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted();
    const now = this.clock.now();
    const current = this.current;
    if (current && now < current.staleAt) {
      // /v1 refused this token and the token endpoint refused a new one: sending it again would
      // only spend the shared budget on another 401.
      const refused = current.accessToken === this.refusedToken ? this.refusal.answer(now) : undefined;
      if (refused) throw refused;
      if (now >= current.refreshFrom) this.refreshInBackground(now);
      // A token /v1 refused is not offered for other instances to adopt.
      else if (now >= this.convergeAt && current.accessToken !== this.refusedToken)
        this.convergeInBackground(current, now);
      return current.accessToken;
    }
    const flight =
      this.flight?.promise ?? this.startFlight(false, (token) => this.clock.now() < token.staleAt);
    try {
      return (await abortable(flight, signal)).accessToken;
    } catch (error) {
      const held = this.stillServing();
      if (signal?.aborted || held === undefined) throw error;
      return held;
    }
  }

  /**
   * The token held, when a renewal failed for a while (throttled, unavailable, slow) and the
   * service still takes it for STILL_SERVES_MS at least; never one refused, by /v1 or by a
   * refusal of the client the endpoint gave.
   */
  private stillServing(): string | undefined {
    const held = this.current;
    const now = this.clock.now();
    if (!held || held.expiresAt - now < STILL_SERVES_MS) return undefined;
    if (held.accessToken === this.refusedToken || this.refusal.answer(now)) return undefined;
    return held.accessToken;
  }

  /**
   * Call when /v1 answered 401 to a request sent with `rejectedToken`; returns the token to retry
   * with. Contract for callers: retry the request at most once. If the returned token equals
   * `rejectedToken` (a forced renewal within the last FORCED_RENEWAL_INTERVAL_MS produced the very
   * token that was just refused), or the retry gets 401 again, the 401 is an error to report,
   * not a reason to call this again: a revoked client must not turn into a renewal loop.
   */
  async renewAfterUnauthorized(rejectedToken: string, signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted();
    this.refusedToken = rejectedToken;
    const answer = this.answerWithoutRenewal(rejectedToken);
    if (answer !== undefined) return answer;
    if (this.flight && !this.flight.forced) {
      // A refresh is under way anyway; it may well bring a different token.
      await abortable(this.flight.promise, signal);
      const after = this.answerWithoutRenewal(rejectedToken);
      if (after !== undefined) return after;
    }
    const accept: Accept = (token) => token.accessToken !== rejectedToken && this.clock.now() < token.staleAt;
    const flight = this.flight?.forced === true ? this.flight.promise : this.startFlight(true, accept);
    return (await abortable(flight, signal)).accessToken;
  }

  /** True for a token that a forced renewal produced within the last FORCED_RENEWAL_INTERVAL_MS. */
  isFreshlyRenewed(token: string): boolean {
    const last = this.lastForced;
    return last?.token === token && this.clock.now() - last.at < FORCED_RENEWAL_INTERVAL_MS;
  }

  /** For metrics and health checks; holds no token. */
  snapshot(): TokenManagerSnapshot {
    const now = this.clock.now();
    const expiresInMs = this.current ? Math.max(0, this.current.expiresAt - now) : undefined;
    return {
      hasToken: expiresInMs !== undefined && expiresInMs > 0,
      expiresInMs,
      fetches: this.fetches,
      refreshing: this.flight !== undefined,
      refusedForMs: this.refusal.remainingMs(now),
      blockedForMs: now < this.blockedUntil ? this.blockedUntil - now : undefined,
      lastError: this.lastError,
    };
  }

  private answerWithoutRenewal(rejectedToken: string): string | undefined {
    const current = this.current;
    if (!current || this.clock.now() >= current.staleAt) return undefined;
    if (current.accessToken !== rejectedToken) return current.accessToken;
    // Within the interval the last forced renewal's token stands, even though it was refused.
    return this.isFreshlyRenewed(current.accessToken) ? current.accessToken : undefined;
  }

  private refreshInBackground(now: number): void {
    if (this.flight || now < this.blockedUntil || now < this.backgroundRetryAt) return;
    // Its failure reaches no caller (the current token still serves): it is told (a warning in
    // the log), kept in the snapshot's lastError, and delays the next try.
    void this.startFlight(false, (token) => this.clock.now() < token.refreshFrom).catch((error: unknown) => {
      this.backgroundRetryAt = this.clock.now() + BACKGROUND_RETRY_MS;
      this.onRefreshError(TokenUnavailableError.from(error));
    });
  }

  private convergeInBackground(current: LocalToken, now: number): void {
    if (this.flight || this.converging) return;
    this.convergeAt = now + CONVERGE_EVERY_MS;
    this.converging = true;
    void storedTokenToAdopt(this.acquireDeps, current, this.refusedToken)
      .then((adopted) => {
        // Only if nothing replaced the token meanwhile (a renewal is newer than what we read).
        if (adopted && this.current === current && !this.flight) this.current = adopted;
      })
      // The token held serves on; the next offer is CONVERGE_EVERY_MS away.
      .catch(this.onConvergeError)
      .finally(() => {
        this.converging = false;
      });
  }

  private startFlight(forced: boolean, accept: Accept): Promise<LocalToken> {
    const now = this.clock.now();
    if (now < this.blockedUntil) {
      const retryAfterMs = this.blockedUntil - now;
      const message = `token endpoint asked to wait; retry in ${Math.ceil(retryAfterMs / 1000)} s`;
      return Promise.reject(new TokenUnavailableError("rate_limited", message, { retryAfterMs }));
    }
    const refused = this.refusal.answer(now);
    if (refused) return Promise.reject(refused);
    const promise = acquireTokenWithin(this.acquireDeps, accept, ATTEMPT_TIMEOUT_MS).then(
      (token) => {
        this.current = token;
        this.convergeAt = this.clock.now() + CONVERGE_EVERY_MS;
        this.lastError = undefined;
        if (forced) this.lastForced = { token: token.accessToken, at: this.clock.now() };
        return token;
      },
      (error: unknown) => {
        throw this.recordFailure(error);
      },
    );
    const flight = { promise, forced };
    this.flight = flight;
    const clear = () => {
      if (this.flight === flight) this.flight = undefined;
    };
    void promise.then(clear, clear);
    return promise;
  }

  private recordFailure(error: unknown): TokenUnavailableError {
    let failure = TokenUnavailableError.from(error);
    const now = this.clock.now();
    if (failure.reason === "rate_limited") {
      // Honour Retry-After for every caller until it passes: hammering would only extend the 429s.
      // At least a second: a Retry-After of 0, or a date already past on our clock, would
      // otherwise send every waiting caller straight back to the endpoint.
      const retryAfterMs = Math.max(MIN_RETRY_AFTER_MS, failure.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
      this.blockedUntil = now + retryAfterMs;
      failure = new TokenUnavailableError("rate_limited", failure.message, {
        retryAfterMs,
        cause: failure.cause,
      });
    }
    const refusal = this.refusal.remember(failure, now);
    if (refusal) this.onRefused(refusal);
    this.lastError = { reason: failure.reason, message: failure.message, at: now };
    return failure;
  }
}
