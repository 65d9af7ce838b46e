import "server-only";

// Time and waiting as the backend-for-frontend sees them. The clock is injected so token and
// budget logic can be tested with a fake one across rate-period edges and expiry without waiting.
//
// A caller may also stop waiting (its HTTP request was cancelled, its deadline passed) for work
// that is not its alone to stop: a token request or a load others share, or a timer. Waiting and
// the work are apart, so every wait that an AbortSignal can end goes through one race, abortable.

export interface Clock {
  /** Milliseconds, monotonic enough for intervals (Date.now in production). */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => {
    let timer: NodeJS.Timeout | undefined;
    const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    return abortable(elapsed, signal, () => clearTimeout(timer));
  },
};

/**
 * Settles as `promise` does, or rejects with the signal's reason when it aborts first (calling
 * `onAbort` then, for whatever the caller leaves behind). The promise itself goes on.
 */
export function abortable<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort?: () => void,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.();
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", abort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}
