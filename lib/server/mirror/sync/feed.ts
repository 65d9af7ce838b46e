import "server-only";
import type { TaskChangePage } from "../../upstream";
import type { MirrorDb, MirrorExecutor } from "../store/mirror-db";
import { upsertMirrorTasks } from "./apply";
import type { SliceState } from "./plan";
import type { Horizon } from "./slices";
import { writeAsAdopted } from "./source";

// The service's change feed (GET /v1/task-changes), when it offers one: found by asking for its
// latest place (a service without it answers 404), never assumed. The cursor is taken before any
// slice it covers is walked: a slice walked after `since` holds every change up to its walk, and
// the feed brings every change after `since`, so once a feed read comes back caught up the slice
// is as fresh as that read (`asOf`). Slices walked before `since` are only as fresh as their walk,
// and the planner sees them so (slicesUnderFeed), which re-reads them first.
//
// Walks stay the safety net for what a feed cannot show (a task the service deleted), at a slow
// pace. A service that stops offering the feed, or refuses its cursor (its store was replaced),
// sends the mirror back to windows alone until a new cursor is taken.

export interface FeedState {
  /** Undefined until the service was asked. */
  offered: boolean | undefined;
  checkedAt: number | undefined;
  cursor: string | undefined;
  /** When the cursor was asked for: slices walked since are kept whole by the feed. */
  since: number | undefined;
  /** When the last read that came back caught up was sent. */
  asOf: number | undefined;
}

export async function readFeedState(db: MirrorExecutor): Promise<FeedState> {
  const [row] = await db.query<{
    feed_offered: boolean | null;
    feed_checked_at: Date | null;
    feed_cursor: string | null;
    feed_since: Date | null;
    feed_as_of: Date | null;
  }>("SELECT feed_offered, feed_checked_at, feed_cursor, feed_since, feed_as_of FROM mirror_sync_state");
  return {
    offered: row?.feed_offered ?? undefined,
    checkedAt: row?.feed_checked_at?.getTime(),
    cursor: row?.feed_cursor ?? undefined,
    since: row?.feed_since?.getTime(),
    asOf: row?.feed_as_of?.getTime(),
  };
}

/**
 * The service answered the feed's path 404 (`offered` false), or refused its cursor (true, and a
 * new one is taken next): windows alone until then.
 */
export async function dropFeedCursor(
  db: MirrorDb,
  checkedAt: Date,
  offered: boolean,
  adopted?: string,
): Promise<void> {
  await writeAsAdopted(db, adopted, async (tx) => {
    await tx.query(
      `UPDATE mirror_sync_state SET feed_offered = $2, feed_checked_at = $1, feed_cursor = NULL,
         feed_since = NULL, feed_as_of = NULL`,
      [checkedAt.toISOString(), offered],
    );
  });
}

/** A cursor at the feed's latest place, asked for at `since`. */
export async function recordFeedStart(
  db: MirrorDb,
  cursor: string,
  since: Date,
  adopted?: string,
): Promise<void> {
  await writeAsAdopted(db, adopted, async (tx) => {
    await tx.query(
      `UPDATE mirror_sync_state SET feed_offered = true, feed_checked_at = $2, feed_cursor = $1,
         feed_since = $2, feed_as_of = NULL`,
      [cursor, since.toISOString()],
    );
  });
}

/**
 * One page of the feed, applied in one transaction with the cursor that follows it: a task inside
 * the horizon is written (moved, if its day changed), one outside it removed. A page that comes
 * back caught up makes the feed as fresh as `requestedAt`, when the read was sent.
 */
export async function applyFeedPage(
  db: MirrorDb,
  page: TaskChangePage,
  horizon: Horizon,
  requestedAt: Date,
  adopted?: string,
): Promise<void> {
  const inside = page.data.filter((task) => {
    const at = Date.parse(task.started_at);
    return at >= horizon.from && at < horizon.to;
  });
  const outside = page.data.filter((task) => !inside.includes(task)).map((task) => task.id);
  await writeAsAdopted(db, adopted, async (tx) => {
    await upsertMirrorTasks(tx, inside, { fedAt: requestedAt });
    if (outside.length > 0) await tx.query("DELETE FROM mirror_tasks WHERE id = ANY($1::text[])", [outside]);
    await tx.query(
      page.caught_up
        ? "UPDATE mirror_sync_state SET feed_cursor = $1, feed_as_of = $2"
        : "UPDATE mirror_sync_state SET feed_cursor = $1",
      page.caught_up ? [page.next_cursor, requestedAt.toISOString()] : [page.next_cursor],
    );
  });
}

/**
 * The slices as the planner weighs them while the feed keeps them: a slice walked since the
 * cursor was taken, within `safetyNetMs`, is as fresh as the feed; any other keeps its walk's age,
 * so it is walked first (the spare walks take the oldest).
 */
export function slicesUnderFeed(
  slices: readonly SliceState[],
  feed: FeedState,
  now: number,
  safetyNetMs: number,
): SliceState[] {
  const { since, asOf } = feed;
  if (since === undefined || asOf === undefined) return [...slices];
  return slices.map((slice) =>
    slice.asOf !== undefined && slice.asOf >= since && now - slice.asOf < safetyNetMs
      ? { ...slice, asOf: Math.max(slice.asOf, asOf) }
      : slice,
  );
}
