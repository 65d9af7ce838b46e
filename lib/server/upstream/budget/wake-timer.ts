import "server-only";
import type { Clock } from "../clock";

// The scheduler's single timer. Setting it replaces the previous one, so there is never more than
// one pending wake-up, however many requests wait (no polling every few ms).

export class BudgetWakeTimer {
  private current: AbortController | undefined;

  constructor(private readonly clock: Clock) {}

  set(delayMs: number, onWake: () => void): void {
    this.cancel();
    const controller = new AbortController();
    this.current = controller;
    // setTimeout overflows above 2^31-1 ms and would fire at once.
    const ms = Math.min(Math.max(1, Math.ceil(delayMs)), 2 ** 31 - 1);
    const wake = () => {
      if (this.current !== controller) return;
      this.current = undefined;
      onWake();
    };
    // A rejection is the cancel this timer made (a newer wake-up replaced it): nothing to do. A
    // clock failing otherwise still wakes the scheduler, which would rather look early than never.
    this.clock.sleep(ms, controller.signal).then(wake, () => {
      if (!controller.signal.aborted) wake();
    });
  }

  cancel(): void {
    this.current?.abort();
    this.current = undefined;
  }
}
