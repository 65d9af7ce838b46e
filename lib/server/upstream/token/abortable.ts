import "server-only";

// Many callers wait on one shared token request; each may give up on its own (its HTTP request
// was cancelled, its deadline passed) without cancelling the request for the others.

/** Waits for `promise` until `signal` aborts; the promise itself goes on for whoever else waits. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    const cleanup = () => signal.removeEventListener("abort", onAbort);
    void promise.then(cleanup, cleanup);
    promise.then(resolve, reject);
  });
}
