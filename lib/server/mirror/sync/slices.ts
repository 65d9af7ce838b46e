import "server-only";
import type { MirrorDb, MirrorExecutor } from "../store/mirror-db";
import { DAY_MS } from "@/contract/query/day";
import type { SliceState } from "./plan";

// The mirror's sync slices: a slice is a stretch of the horizon read from the service and applied
// whole, with its own as_of, so its freshness is known apart from every other slice's. Here: how
// the horizon is cut into slices, their rows, and the notes that bring a viewed slice forward.

// The horizon, the span the mirror holds, is [now - days back, now + days ahead), widened to whole
// UTC days and cut into one slice per day. A day is small enough that a person's view (a day, a
// week, a quarter) maps onto a few slices with their own freshness; walks span many slices at
// once, so the size of a slice costs no upstream calls (plan.ts).

export interface Horizon {
  /** Inclusive, ms. */
  from: number;
  /** Exclusive, ms. */
  to: number;
}

export function horizonAt(now: number, daysBack: number, daysAhead: number): Horizon {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { from: today - daysBack * DAY_MS, to: today + (daysAhead + 1) * DAY_MS };
}

export function sliceStarts(horizon: Horizon): number[] {
  const starts: number[] = [];
  for (let start = horizon.from; start < horizon.to; start += DAY_MS) starts.push(start);
  return starts;
}

// The slices' rows (in mirror_windows: store/migrations.ts says why the stored name differs): kept
// equal to the horizon's days as time moves (new days ahead added, old ones dropped together with
// their tasks), and read back for the planner.

export async function alignSlices(db: MirrorDb, horizon: Horizon): Promise<void> {
  const starts = sliceStarts(horizon).map((start) => new Date(start).toISOString());
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO mirror_windows (starts_at, ends_at)
       SELECT s, s + make_interval(secs => $2::double precision / 1000) FROM unnest($1::timestamptz[]) AS s
       ON CONFLICT (starts_at) DO NOTHING`,
      [starts, DAY_MS],
    );
    const from = new Date(horizon.from).toISOString();
    const to = new Date(horizon.to).toISOString();
    await tx.query("DELETE FROM mirror_windows WHERE starts_at < $1 OR ends_at > $2", [from, to]);
    await tx.query("DELETE FROM mirror_tasks WHERE started_at < $1 OR started_at >= $2", [from, to]);
  });
}

export async function readSlices(db: MirrorExecutor): Promise<SliceState[]> {
  const rows = await db.query<{ starts_at: Date; ends_at: Date; as_of: Date | null; viewed_at: Date | null }>(
    "SELECT starts_at, ends_at, as_of, viewed_at FROM mirror_windows ORDER BY starts_at",
  );
  return rows.map((row) => ({
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    asOf: row.as_of?.getTime(),
    viewedAt: row.viewed_at?.getTime(),
  }));
}

/** "Someone looked at [from, to)": the syncer refreshes those slices first. */
export async function noteViewed(db: MirrorExecutor, from: Date, to: Date): Promise<void> {
  await db.query("UPDATE mirror_windows SET viewed_at = now() WHERE starts_at < $2 AND ends_at > $1", [
    from.toISOString(),
    to.toISOString(),
  ]);
}

/** "Someone looked at tasks on these days" (slice starts): a vehicle's history, one task. */
export async function noteViewedSlices(db: MirrorExecutor, starts: readonly number[]): Promise<void> {
  await db.query("UPDATE mirror_windows SET viewed_at = now() WHERE starts_at = ANY($1::timestamptz[])", [
    starts.map((start) => new Date(start).toISOString()),
  ]);
}

/** The start of the slice (the UTC day) an instant lies in. */
export function sliceStartOf(instant: number): number {
  return Math.floor(instant / DAY_MS) * DAY_MS;
}

// Every list, scroll and export request says which slice people look at; one note a minute per
// slice is enough to keep it in front (a view counts for minutes), and spares the database a
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
