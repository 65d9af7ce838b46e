import "server-only";
import type { Clock } from "../clock";
import { TokenUnavailableError } from "./errors";
import type { TokenStore } from "./store";

// One attempt to obtain a token through the shared store, as one instance of possibly several:
// take a good enough token from the store if there is one; otherwise take the fetch lock and
// fetch, or, when another instance holds the lock, poll the store until it has written its token
// (or its lock lapsed, and we take over). The token manager makes sure each instance runs at most
// one of these at a time; the lock makes it one fetch for all instances. Instances that could not
// share (the store was down) converge on one token once it answers again.

export interface LocalToken {
  accessToken: string;
  /** All three on this instance's clock. */
  expiresAt: number;
  /** From here on the token is not handed out without fetching a new one first. */
  staleAt: number;
  /** From here on a background refresh is started while the token still serves. */
  refreshFrom: number;
}

export interface AcquireDeps {
  store: TokenStore;
  key: string;
  clock: Clock;
  lockTtlMs: number;
  /** Calls the token endpoint once; resolves to the token and its lifetime. */
  fetch(signal: AbortSignal): Promise<{ accessToken: string; expiresInMs: number }>;
  /** Turns a token and its expiry on our clock into the manager's view of it. */
  toLocal(accessToken: string, expiresAt: number, lifetimeMs: number | undefined): LocalToken;
}

const POLL_MIN_MS = 50;
const POLL_JITTER_MS = 50;

/**
 * acquireToken, given up after `timeoutMs` on `deps.clock`: a hung token endpoint or a lock
 * holder that never writes must not hold every caller forever. The fetch is aborted then.
 */
export async function acquireTokenWithin(
  deps: AcquireDeps,
  accept: (token: LocalToken) => boolean,
  timeoutMs: number,
): Promise<LocalToken> {
  const attempt = new AbortController();
  const timer = new AbortController();
  const deadline = deps.clock.sleep(timeoutMs, timer.signal).then(() => {
    const error = new TokenUnavailableError("timeout", `no service token within ${timeoutMs} ms`);
    attempt.abort(error);
    throw error;
  });
  try {
    const { token } = await Promise.race([acquireToken(deps, accept, attempt.signal), deadline]);
    return token;
  } finally {
    timer.abort();
  }
}

/**
 * A token from the store that `accept` approves, or a freshly fetched one (always taken: it is
 * the best there is). Ends with the signal's reason when `signal` aborts.
 */
export async function acquireToken(
  deps: AcquireDeps,
  accept: (token: LocalToken) => boolean,
  signal: AbortSignal,
): Promise<{ token: LocalToken; fetched: boolean }> {
  for (;;) {
    signal.throwIfAborted();
    const stored = await readStore(deps);
    if (stored && accept(stored)) return { token: stored, fetched: false };

    const lock = await deps.store.acquireFetchLock(deps.key, deps.lockTtlMs);
    if (lock) {
      try {
        // The previous holder may have written and released between our read and our lock.
        const again = await readStore(deps);
        if (again && accept(again)) return { token: again, fetched: false };
        const fetched = await deps.fetch(signal);
        const receivedAt = deps.clock.now();
        if (!(fetched.expiresInMs > 0) || fetched.accessToken === "") {
          throw new TokenUnavailableError(
            "invalid_response",
            "no service token: fetchToken gave no lifetime",
          );
        }
        await deps.store.set(deps.key, {
          accessToken: fetched.accessToken,
          expiresInMs: fetched.expiresInMs,
        });
        const token = deps.toLocal(
          fetched.accessToken,
          receivedAt + fetched.expiresInMs,
          fetched.expiresInMs,
        );
        return { token, fetched: true };
      } finally {
        await lock.release();
      }
    }
    // Jitter, so instances that started together do not poll in lockstep.
    await deps.clock.sleep(POLL_MIN_MS + Math.random() * POLL_JITTER_MS, signal);
  }
}

async function readStore(deps: AcquireDeps): Promise<LocalToken | undefined> {
  // Counting from before the read errs on the early side by the read's duration.
  const before = deps.clock.now();
  const stored = await deps.store.get(deps.key);
  if (!stored) return undefined;
  return deps.toLocal(stored.accessToken, before + stored.expiresInMs, undefined);
}

/**
 * The stored token this instance should use instead of `current`, or undefined to keep it.
 *
 * Instances that could not share a token (Redis was down while they started) each hold their own.
 * Once the store answers again they must end up on one: each offers its token to the store, the
 * first offer wins, and the others adopt the winner. Run now and then while a token serves; when
 * all instances already hold the stored token this is one read that changes nothing.
 */
export async function storedTokenToAdopt(
  deps: AcquireDeps,
  current: LocalToken,
  refused: string | undefined,
): Promise<LocalToken | undefined> {
  // Counting from before the call errs on the early side, as every read of the store does.
  const before = deps.clock.now();
  const stored = await deps.store.offer(deps.key, {
    accessToken: current.accessToken,
    expiresInMs: current.expiresAt - before,
  });
  // A token the service has refused is no one's to adopt, even if another instance stored it.
  if (!stored || stored.accessToken === current.accessToken || stored.accessToken === refused)
    return undefined;
  const adopted = deps.toLocal(stored.accessToken, before + stored.expiresInMs, undefined);
  return deps.clock.now() < adopted.staleAt ? adopted : undefined;
}
