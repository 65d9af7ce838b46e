import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Cached } from "./freshness-cache";

// Where a data request's time went, as a Server-Timing header: waiting for a budget slot (queue),
// the service's own answer (upstream), waiting for another request's identical upstream call
// (shared), and the rest, which is what the BFF itself adds (bff). Operators and the BFF
// benchmark read it; it holds durations and the cache outcome, nothing else.

export type CacheOutcome = "hit" | "stale" | "miss";

/** A request that needed both a cached and a fetched page reports the worse of the two. */
const RANK: Record<CacheOutcome, number> = { hit: 0, stale: 1, miss: 2 };

export class RequestTiming {
  queueMs = 0;
  upstreamMs = 0;
  sharedMs = 0;
  /** Upstream calls (and token fetches) made in this request's context. */
  upstreamCalls = 0;
  cache: CacheOutcome | undefined;
  private readonly startedAt: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.startedAt = now();
  }

  noteCache(outcome: CacheOutcome): void {
    if (this.cache === undefined || RANK[outcome] > RANK[this.cache]) this.cache = outcome;
  }

  header(): string {
    const total = this.now() - this.startedAt;
    const own = Math.max(0, total - this.queueMs - this.upstreamMs - this.sharedMs);
    const dur = (name: string, ms: number) => `${name};dur=${ms.toFixed(2)}`;
    return [
      dur("total", total),
      dur("queue", this.queueMs),
      dur("upstream", this.upstreamMs),
      dur("shared", this.sharedMs),
      dur("bff", own),
      ...(this.cache ? [`cache;desc=${this.cache}`] : []),
    ].join(", ");
  }
}

const storage = new AsyncLocalStorage<RequestTiming>();

/** Runs a route handler's work with a timing of its own and puts the result on its response. */
export async function withServerTiming(
  work: () => Promise<Response>,
  timing: RequestTiming = new RequestTiming(),
): Promise<Response> {
  const response = await storage.run(timing, work);
  response.headers.set("server-timing", timing.header());
  return response;
}

/** Called by the upstream client: ms spent for a budget slot, or on one call to the service. */
export function recordTiming(part: "queue" | "upstream", ms: number): void {
  const timing = storage.getStore();
  if (!timing) return;
  if (part === "queue") timing.queueMs += ms;
  else {
    timing.upstreamMs += ms;
    timing.upstreamCalls++;
  }
}

/**
 * One cache read, timed. A read that was not answered fresh from the cache, during which this
 * request made no upstream call itself, waited for another request's call: that wait is "shared".
 */
export async function timedCacheRead<V>(read: () => Promise<Cached<V>>): Promise<Cached<V>> {
  const timing = storage.getStore();
  if (!timing) return read();
  const calls = timing.upstreamCalls;
  const started = performance.now();
  const cached = await read();
  const outcome = cacheOutcome(cached);
  timing.noteCache(outcome);
  if (outcome !== "hit" && timing.upstreamCalls === calls) timing.sharedMs += performance.now() - started;
  return cached;
}

export function cacheOutcome(cached: Cached<unknown>): CacheOutcome {
  return cached.stale ? "stale" : cached.hit ? "hit" : "miss";
}
