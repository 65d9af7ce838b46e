import "server-only";
import type { MirrorExecutor } from "../store/mirror-db";
import { SLICE_FRESH_AS_OF } from "../store/slice-freshness";
import { DEFAULT_HEAT } from "./plan";

// What the sync tells operators. GET /api/mirror shows what is read from the database, so every
// instance shows the same: the leader writes, everyone reads. Log lines go to the dashboard's logger.

export interface SliceClassStatus {
  synced: number;
  total: number;
  /** The stalest as_of among them; null while one has never been synced (or there are none). */
  oldest_as_of: string | null;
}

export interface MirrorStatus {
  horizon: { from: string; to: string } | null;
  /** The sync slices, under the name GET /api/mirror has always given them. */
  windows: { synced: number; total: number };
  hot: SliceClassStatus;
  cold: SliceClassStatus;
  rows: number;
  locations_as_of: string | null;
  sync_calls: { last_minute: number; last_hour: number };
  leader: { instance: string; since: string } | null;
  last_error: { message: string; at: string } | null;
  /** How sync learns of changes: the service's change feed, or re-reading slices alone. */
  mode: "change_feed" | "windows";
  change_feed: {
    /** Null until the service was asked. */
    offered: boolean | null;
    checked_at: string | null;
    /** When the feed's cursor was taken: slices walked since are kept by the feed. */
    since: string | null;
    /** When the last read that came back caught up was sent. */
    as_of: string | null;
  };
}

interface SliceRow {
  hot: boolean;
  total: number;
  synced: number;
  oldest: Date | null;
  from: Date | null;
  to: Date | null;
}

export async function mirrorStatus(
  db: MirrorExecutor,
  now: Date = new Date(),
  /** The reader's locations, whose tasks `rows` counts; undefined for every location. */
  locations?: readonly string[],
): Promise<MirrorStatus> {
  const hotSince = new Date(now.getTime() - DEFAULT_HEAT.hotSpanMs).toISOString();
  const classes = await db.query<SliceRow>(
    `SELECT w.ends_at > $1 AS hot, count(*)::int AS total, count(w.as_of)::int AS synced,
       CASE WHEN count(w.as_of) = count(*) THEN min(${SLICE_FRESH_AS_OF}) END AS oldest,
       min(w.starts_at) AS "from", max(w.ends_at) AS "to"
     FROM mirror_windows w CROSS JOIN mirror_sync_state st GROUP BY 1`,
    [hotSince],
  );
  const [calls] = await db.query<{ minute: number; hour: number }>(
    `SELECT count(*) FILTER (WHERE at > $1::timestamptz - interval '1 minute')::int AS minute,
       count(*) FILTER (WHERE at > $1::timestamptz - interval '1 hour')::int AS hour FROM mirror_sync_calls`,
    [now.toISOString()],
  );
  const [held] = locations
    ? await db.query<{ rows: number }>(
        "SELECT count(*)::int AS rows FROM mirror_tasks WHERE location_id = ANY($1::text[])",
        [locations],
      )
    : await db.query<{ rows: number }>("SELECT count(*)::int AS rows FROM mirror_tasks");
  const [state] = await db.query<{
    leader: string | null;
    leader_since: Date | null;
    locations_as_of: Date | null;
    last_error: string | null;
    last_error_at: Date | null;
    feed_offered: boolean | null;
    feed_checked_at: Date | null;
    feed_since: Date | null;
    feed_as_of: Date | null;
  }>(
    `SELECT leader, leader_since, locations_as_of, last_error, last_error_at, feed_offered, feed_checked_at,
       feed_since, feed_as_of FROM mirror_sync_state`,
  );
  const hot = classes.find((row) => row.hot);
  const cold = classes.find((row) => !row.hot);
  const starts = classes.flatMap((row) => (row.from ? [row.from.getTime()] : []));
  const ends = classes.flatMap((row) => (row.to ? [row.to.getTime()] : []));
  return {
    horizon: starts.length
      ? { from: new Date(Math.min(...starts)).toISOString(), to: new Date(Math.max(...ends)).toISOString() }
      : null,
    windows: {
      synced: (hot?.synced ?? 0) + (cold?.synced ?? 0),
      total: (hot?.total ?? 0) + (cold?.total ?? 0),
    },
    hot: classStatus(hot),
    cold: classStatus(cold),
    // The rows held, counted: a task that moved between slices is in one of them, once.
    rows: held?.rows ?? 0,
    locations_as_of: state?.locations_as_of?.toISOString() ?? null,
    sync_calls: { last_minute: calls?.minute ?? 0, last_hour: calls?.hour ?? 0 },
    leader:
      state?.leader && state.leader_since
        ? { instance: state.leader, since: state.leader_since.toISOString() }
        : null,
    last_error:
      state?.last_error && state.last_error_at
        ? { message: state.last_error, at: state.last_error_at.toISOString() }
        : null,
    mode: state?.feed_since ? "change_feed" : "windows",
    change_feed: {
      offered: state?.feed_offered ?? null,
      checked_at: state?.feed_checked_at?.toISOString() ?? null,
      since: state?.feed_since?.toISOString() ?? null,
      as_of: state?.feed_as_of?.toISOString() ?? null,
    },
  };
}

function classStatus(row: SliceRow | undefined): SliceClassStatus {
  return {
    synced: row?.synced ?? 0,
    total: row?.total ?? 0,
    oldest_as_of: row?.oldest?.toISOString() ?? null,
  };
}

// What the leader writes down for every instance's GET /api/mirror: who leads, the calls it spent,
// its last error.

export async function recordLeader(db: MirrorExecutor, instance: string): Promise<void> {
  await db.query("UPDATE mirror_sync_state SET leader = $1, leader_since = now()", [instance]);
}

export async function recordSyncCall(db: MirrorExecutor): Promise<void> {
  await db.query("INSERT INTO mirror_sync_calls (at) VALUES (now())");
}

/** Calls older than the status's longest span (an hour) are of no more use. */
export async function pruneSyncCalls(db: MirrorExecutor): Promise<void> {
  await db.query("DELETE FROM mirror_sync_calls WHERE at < now() - interval '1 hour'");
}

/** Kept after later successes too: an operator asks "what went wrong last, and when". */
export async function recordSyncError(db: MirrorExecutor, message: string): Promise<void> {
  await db.query("UPDATE mirror_sync_state SET last_error = $1, last_error_at = now()", [message]);
}

// Where the mirror's sync says what it met: the dashboard's logger in production, nothing in tests
// that do not look. Messages never hold the database's connection string; an error goes as the
// second argument, for the logger's own redaction.

export interface SyncLog {
  /** An expected failure that changes nothing an operator must act on. */
  debug(message: string, error?: unknown): void;
  info(message: string): void;
  warn(message: string): void;
}

export const SILENT_SYNC_LOG: SyncLog = { debug: () => {}, info: () => {}, warn: () => {} };
