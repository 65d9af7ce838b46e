import "server-only";

// Every list, scroll and export request says which window people look at; one note a minute per
// window is enough to keep it in front (a view counts for minutes), and spares the database a
// write and the sync loop a wake-up on every request.

export const VIEW_NOTE_EVERY_MS = 60_000;
const MAX_REMEMBERED = 1_000;

export class ViewNotes {
  private readonly lastNoted = new Map<string, number>();

  constructor(private readonly everyMs = VIEW_NOTE_EVERY_MS) {}

  /** True when [from, to) was not noted within the last `everyMs`; records it as noted now. */
  take(from: Date, to: Date, now = Date.now()): boolean {
    const key = `${from.getTime()}/${to.getTime()}`;
    const last = this.lastNoted.get(key);
    if (last !== undefined && now - last < this.everyMs) return false;
    if (this.lastNoted.size >= MAX_REMEMBERED) this.lastNoted.clear();
    this.lastNoted.set(key, now);
    return true;
  }
}
