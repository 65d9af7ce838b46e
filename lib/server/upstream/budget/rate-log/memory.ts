import "server-only";
import { systemClock, type Clock } from "../../clock";
import { WINDOW_MS, type RequestWindow, type WindowGrant, type WindowState } from "./rate-log";

// A request window for one instance (no Redis), and the fallback of the Redis window. JavaScript
// runs each call to completion, so check-and-record is atomic without locks.

export class MemoryRequestWindow implements RequestWindow {
  readonly recheckEveryMs = undefined;
  /** Entry times, oldest first. */
  private readonly entries: number[] = [];
  private pausedUntil = 0;
  private learnedLimit: number | undefined;

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly windowMs: number = WINDOW_MS,
  ) {}

  async rememberLimit(limit: number): Promise<void> {
    this.learnedLimit = limit;
  }

  async knownLimit(): Promise<number | undefined> {
    return this.learnedLimit;
  }

  async tryAcquire(maxInWindow: number): Promise<WindowGrant> {
    const now = this.trim();
    const pausedForMs = Math.max(0, this.pausedUntil - now);
    const granted = pausedForMs === 0 && this.entries.length < maxInWindow;
    if (granted) this.entries.push(now);
    return { granted, ...this.state(now, pausedForMs) };
  }

  /** Records an entry made elsewhere (a grant of the shared window), whatever the count. */
  record(): void {
    this.entries.push(this.trim());
  }

  /** Ms until each entry leaves the window, soonest first. */
  entryLifetimes(): number[] {
    const now = this.trim();
    return this.entries.map((at) => at + this.windowMs - now);
  }

  async raiseCountTo(total: number, ageOutInMs: number = this.windowMs): Promise<void> {
    const now = this.trim();
    // Back-dated so that it leaves the window after ageOutInMs; re-sorted to keep oldest first.
    const at = now - this.windowMs + clamp(ageOutInMs, 1, this.windowMs);
    if (this.entries.length >= total) return;
    while (this.entries.length < total) this.entries.push(at);
    this.entries.sort((a, b) => a - b);
  }

  async pause(forMs: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + forMs);
  }

  async pausedForMs(): Promise<number> {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  async count(): Promise<number> {
    this.trim();
    return this.entries.length;
  }

  async inspect(): Promise<WindowState> {
    const now = this.trim();
    return this.state(now, Math.max(0, this.pausedUntil - now));
  }

  /** Drops entries that left the window (at exactly windowMs old) and returns "now". */
  private trim(): number {
    const now = this.clock.now();
    while (this.entries.length > 0 && (this.entries[0] ?? now) <= now - this.windowMs) this.entries.shift();
    return now;
  }

  private state(now: number, pausedForMs: number): WindowState {
    const oldest = this.entries[0];
    return {
      count: this.entries.length,
      freeInMs: oldest === undefined ? undefined : oldest + this.windowMs - now,
      pausedForMs,
      share: 1,
    };
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}
