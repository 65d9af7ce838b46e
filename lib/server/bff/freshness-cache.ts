import "server-only";
import { LRUCache } from "lru-cache";
import { abortable } from "../upstream";

// A bounded cache of upstream answers with two ages: fresh (served as is) and stale (served only
// when a refresh fails or cannot be had in time, or at once while a background refresh runs).
// Its loads are shared flights: identical concurrent loads become one.

export interface Cached<V> {
  value: V;
  fetchedAt: number;
  stale: boolean;
  hit: boolean;
  /** Why a stale answer was served: the refresh's failure (absent while a refresh runs behind it). */
  refreshError?: unknown;
}

export interface FreshnessCacheOptions {
  maxEntries: number;
  freshMs: number;
  /** How old an answer may be and still be served when the service cannot give a new one. */
  staleMs: number;
  /** Serve a stale answer at once and refresh behind it (locations), or wait for the refresh. */
  refreshInBackground: boolean;
  /** A background refresh that failed: the stale answer served on, and the next request tries again. */
  onBackgroundError?: (error: unknown) => void;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  fetchedAt: number;
}

export class FreshnessCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly flights = new SharedFlights<Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: FreshnessCacheOptions) {
    this.entries = new LRUCache({ max: options.maxEntries });
    this.now = options.now ?? Date.now;
  }

  /**
   * `flight` names the load that callers share (the key unless given): callers whose loads differ
   * in more than the key (the priority they wait at) share the entry, not the load. `staleOnFailure`
   * false: a failed refresh is the caller's failure, never an old answer in its place.
   */
  async get(
    key: string,
    load: (signal: AbortSignal) => Promise<V>,
    signal?: AbortSignal,
    { flight = key, staleOnFailure = true }: { flight?: string; staleOnFailure?: boolean } = {},
  ): Promise<Cached<V>> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.fetchedAt : Number.POSITIVE_INFINITY;
    if (entry && age < this.options.freshMs) return { ...entry, stale: false, hit: true };
    const usable = entry && staleOnFailure && age < this.options.staleMs ? entry : undefined;
    const refresh = (callerSignal?: AbortSignal) =>
      this.flights.run(
        flight,
        async (flightSignal) => this.store(key, await load(flightSignal)),
        callerSignal,
      );
    if (usable && this.options.refreshInBackground) {
      // Its failure reaches no caller (the stale answer went out already); the entry stays stale,
      // so the next request tries again.
      refresh().catch((error: unknown) => this.options.onBackgroundError?.(error));
      return { ...usable, stale: true, hit: true };
    }
    try {
      return { ...(await refresh(signal)), stale: false, hit: false };
    } catch (error) {
      if (!usable || signal?.aborted) throw error;
      return { ...usable, stale: true, hit: true, refreshError: error };
    }
  }

  private store(key: string, value: V): Entry<V> {
    const entry = { value, fetchedAt: this.now() };
    this.entries.set(key, entry);
    return entry;
  }
}

// Identical concurrent loads become one. The load is cancelled only when every caller waiting
// for it has gone, so a departed caller never spends budget for nobody, nor cancels for others.

interface Flight<V> {
  promise: Promise<V>;
  controller: AbortController;
  waiters: number;
}

export class SharedFlights<V> {
  private readonly flights = new Map<string, Flight<V>>();

  run(key: string, load: (signal: AbortSignal) => Promise<V>, signal?: AbortSignal): Promise<V> {
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = load(controller.signal).finally(() => this.flights.delete(key));
      flight = { promise, controller, waiters: 0 };
      this.flights.set(key, flight);
    }
    return this.wait(flight, signal);
  }

  private wait(flight: Flight<V>, signal: AbortSignal | undefined): Promise<V> {
    flight.waiters++;
    return abortable(flight.promise, signal, () => this.leave(flight, signal?.reason));
  }

  private leave(flight: Flight<V>, reason: unknown): void {
    flight.waiters--;
    if (flight.waiters === 0) {
      // Nobody waits for the load any more, so the rejection the abort brings is no one's to handle
      // (a caller gone before the load began never attached a handler).
      flight.promise.catch(() => undefined);
      flight.controller.abort(reason);
    }
  }
}
