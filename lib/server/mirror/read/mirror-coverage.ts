import "server-only";
import type { MirrorSql } from "./mirror-sql";

// Whether the mirror may answer for [from, to): every window overlapping it synced, and the range
// inside the horizon (the windows join without a gap from before `from` to after `to`). Freshness
// is the oldest as_of of those windows: what X-Data-Fetched-At says.

export interface SyncProgress {
  /** Windows of the whole horizon synced at least once, of all of them. */
  synced: number;
  total: number;
  /** The same, of the windows the request covers. */
  syncedInRange: number;
  totalInRange: number;
}

export type Coverage =
  | { state: "ready"; asOf: Date }
  /** The mirror does not hold this range at all: the live path answers what it can. */
  | { state: "outside_horizon" }
  /** The range is in the horizon but not all of it is synced yet: 503 mirror_not_ready. */
  | { state: "not_ready"; progress: SyncProgress; message: string };

interface WindowRow {
  /** Null only on the one row of an empty overlap. */
  starts_ms: number | null;
  ends_ms: number;
  as_of_ms: number | null;
  synced: number;
  total: number;
}

const EPOCH_MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

export async function mirrorCoverage(sql: MirrorSql, from: string, to: string): Promise<Coverage> {
  const rows = await sql.query<WindowRow>(
    `SELECT ${EPOCH_MS("w.starts_at")} AS starts_ms, ${EPOCH_MS("w.ends_at")} AS ends_ms,
       ${EPOCH_MS("w.as_of")} AS as_of_ms, h.synced, h.total
     FROM (SELECT count(as_of)::integer AS synced, count(*)::integer AS total FROM mirror_windows) h
     LEFT JOIN mirror_windows w ON w.starts_at < $2::timestamptz AND w.ends_at > $1::timestamptz
     ORDER BY w.starts_at`,
    [from, to],
  );
  const windows = rows.filter((row): row is WindowRow & { starts_ms: number } => row.starts_ms !== null);
  if (!joinsWithoutGap(windows, Date.parse(from), Date.parse(to))) return { state: "outside_horizon" };
  const syncedInRange = windows.filter((row) => row.as_of_ms !== null).length;
  if (syncedInRange < windows.length) {
    const { synced = 0, total = 0 } = rows[0] ?? {};
    const progress = { synced, total, syncedInRange, totalInRange: windows.length };
    return { state: "not_ready", progress, message: notReadyMessage(progress) };
  }
  return { state: "ready", asOf: new Date(Math.min(...windows.map((row) => row.as_of_ms ?? 0))) };
}

/** The whole horizon (a vehicle's history reads all of it). */
export async function mirrorHorizonCoverage(sql: MirrorSql): Promise<Coverage> {
  const [span] = await sql.query<{ from: string | null; to: string | null }>(
    `SELECT to_char(min(starts_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "from",
       to_char(max(ends_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "to"
     FROM mirror_windows`,
    [],
  );
  if (!span?.from || !span.to) return { state: "outside_horizon" };
  return mirrorCoverage(sql, span.from, span.to);
}

function joinsWithoutGap(
  windows: readonly { starts_ms: number; ends_ms: number }[],
  fromMs: number,
  toMs: number,
): boolean {
  let reached = fromMs;
  for (const window of windows) {
    if (window.starts_ms > reached) return false;
    reached = Math.max(reached, window.ends_ms);
  }
  return reached >= toMs;
}

function notReadyMessage({ synced, total, syncedInRange, totalInRange }: SyncProgress): string {
  return (
    `The task mirror is still filling: ${syncedInRange} of ${totalInRange} windows of this range are ` +
    `synced (${synced} of ${total} in all). Try again shortly.`
  );
}
