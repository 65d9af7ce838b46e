import "server-only";
import { abortable } from "./abortable";

// Time as the backend-for-frontend sees it. Injected so token and budget logic can be tested
// with a fake clock across window edges and expiry without waiting.

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
