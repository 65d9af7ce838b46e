import "server-only";

// A caller may stop waiting (its HTTP request was cancelled, its deadline passed) for work that is
// not its alone to stop: a token request or a load others share, or a timer. Waiting and the work
// are apart, so every wait that an AbortSignal can end goes through this one race.

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
