import "server-only";
import { abortable } from "../upstream";

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
