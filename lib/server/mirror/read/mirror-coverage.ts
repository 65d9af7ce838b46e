import "server-only";
import {
  coverageOfWindows,
  EPOCH_MS,
  windowSpanOf,
  type Coverage,
  type WindowRow,
} from "./coverage-of-windows";
import type { MirrorSql } from "./mirror-sql";

// The coverage verdict (coverage-of-windows.ts) read with one SQL statement per request: what an
// instance does while it cannot trust a snapshot of the windows (coverage-cache.ts).

/** A window overlapping the range beside the horizon's counts; all nulls on the one row of an empty overlap. */
type OverlapRow = { synced: number; total: number } & (WindowRow | { starts_ms: null });

export async function mirrorCoverage(sql: MirrorSql, from: string, to: string): Promise<Coverage> {
  const rows = await sql.query<OverlapRow>(
    `SELECT ${EPOCH_MS("w.starts_at")} AS starts_ms, ${EPOCH_MS("w.ends_at")} AS ends_ms,
       ${EPOCH_MS("w.as_of")} AS as_of_ms, h.synced, h.total
     FROM (SELECT count(as_of)::integer AS synced, count(*)::integer AS total FROM mirror_windows) h
     LEFT JOIN mirror_windows w ON w.starts_at < $2::timestamptz AND w.ends_at > $1::timestamptz
     ORDER BY w.starts_at`,
    [from, to],
  );
  const inRange = rows.flatMap((row) => (row.starts_ms === null ? [] : [windowSpanOf(row)]));
  const { synced = 0, total = 0 } = rows[0] ?? {};
  return coverageOfWindows(inRange, { synced, total }, Date.parse(from), Date.parse(to));
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
