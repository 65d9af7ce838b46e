import "server-only";

// The shared record of upstream /v1 calls the budget counts against. The service counts per
// client_id in fixed windows (a minute by default) whose alignment we cannot see, so the record is
// a SLIDING log: if no interval of the window's length ever holds more than N grants, no fixed
// window (however aligned) can see more than N either.
//
// Every duration here is RELATIVE (ms from the window's own "now"). A Redis window keeps time by
// Redis TIME, and an absolute timestamp on that clock means nothing to an instance whose clock
// differs; "frees in 1200 ms" means the same thing everywhere.

/** The service's window unless the operator set another (VTS_RATE_LIMIT_WINDOW_SECONDS). */
export const WINDOW_MS = 60_000;

/**
 * How long the dashboard keeps each grant: the service's window and one second more. Slots free
 * exactly a window after the grants they replace, often many at once, while the time from grant
 * to the service varies (event-loop and scheduling delays), so a replacement can reach the service
 * a little less than a window after the call it replaces. The safety margin counts calls and cannot
 * absorb that drift; holding grants a second longer can, even on a loaded machine.
 */
export function grantHoldMs(serviceWindowMs: number): number {
  return serviceWindowMs + 1_000;
}

export interface WindowGrant {
  granted: boolean;
  /** Entries (grants and phantoms) in the window after this attempt. */
  count: number;
  /** Ms until the oldest entry leaves the window, i.e. the earliest a slot can free up. */
  freeInMs: number | undefined;
  /** Ms left of a pause (0 when not paused). A paused window grants nothing. */
  pausedForMs: number;
  /**
   * Share of the asked maximum this answer applied: 1, or less while a shared window counts on
   * its own (Redis down). The budget needs it to tell "full" from "not full" the same way.
   */
  share: number;
}

export type WindowState = Omit<WindowGrant, "granted">;

/** The most entries a window grants up to when asked for `maxInWindow` at `share`. */
export function capacity(maxInWindow: number, share: number): number {
  return share >= 1 ? maxInWindow : Math.max(1, Math.floor(maxInWindow * share));
}

export interface RequestWindow {
  /** Shares the limit the service stated, so an instance that starts later need not probe for it. */
  rememberLimit(limit: number): Promise<void>;
  /** The limit some instance learned from the service, if any. */
  knownLimit(): Promise<number | undefined>;
  /**
   * Records one grant when the window holds fewer than `maxInWindow` entries and is not paused;
   * the check and the record are one atomic step, across instances for a shared window.
   */
  tryAcquire(maxInWindow: number): Promise<WindowGrant>;
  /**
   * Adds phantom entries until the window holds at least `total`: calls the upstream counted that
   * this window does not know about. "Raise to" rather than "add n": two responses reporting the
   * same upstream count, on one instance or two, must not both add the difference.
   * The phantoms leave the window after `ageOutInMs` (default: a full window, like a grant).
   */
  raiseCountTo(total: number, ageOutInMs?: number): Promise<void>;
  /** Grants nothing for `forMs` from now; an existing longer pause is kept. */
  pause(forMs: number): Promise<void>;
  pausedForMs(): Promise<number>;
  count(): Promise<number>;
  inspect(): Promise<WindowState>;
  /**
   * How often a waiting budget should look again even when nothing local changed: other
   * instances can consume slots or pause a shared window. Undefined for a private window.
   */
  readonly recheckEveryMs: number | undefined;
}
