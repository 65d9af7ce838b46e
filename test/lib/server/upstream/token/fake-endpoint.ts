// A stand-in for the token endpoint behind TokenManager: counts calls, hands out token-1,
// token-2, ... and can be told to fail or to hold a call until the test releases it.
import { FakeClock } from "../fake-clock";
import { TokenManager, type TokenManagerOptions } from "@/lib/server/upstream/token/manager";
import { MemoryTokenStore, type TokenStore } from "@/lib/server/upstream/token/store";

export class FakeEndpoint {
  calls = 0;
  lifetimeSeconds = 3600;
  /** Thrown by the next calls, one each, before any token is handed out again. */
  readonly failures: Error[] = [];
  /** Signals the calls were made with, in order. */
  readonly signals: (AbortSignal | undefined)[] = [];
  private held: Promise<void> | undefined;

  readonly fetchToken = async (signal?: AbortSignal) => {
    this.calls++;
    const number = this.calls;
    this.signals.push(signal);
    const held = this.held;
    this.held = undefined;
    if (held) await abortableWait(held, signal);
    const failure = this.failures.shift();
    if (failure) throw failure;
    return { accessToken: `token-${number}`, expiresInSeconds: this.lifetimeSeconds };
  };

  /** Holds the next call until the returned function is called. */
  holdNext(): () => void {
    let release = () => {};
    this.held = new Promise<void>((resolve) => (release = resolve));
    return release;
  }
}

function abortableWait(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
    void promise.then(resolve);
  });
}

export function setup(options: Partial<TokenManagerOptions> = {}) {
  const clock = new FakeClock();
  const endpoint = new FakeEndpoint();
  const store: TokenStore = options.store ?? new MemoryTokenStore(clock);
  const manager = new TokenManager({
    fetchToken: endpoint.fetchToken,
    cacheKey: "test-key",
    store,
    clock,
    ...options,
  });
  return { clock, endpoint, store, manager };
}

export const MINUTE = 60_000;
