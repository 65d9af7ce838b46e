import "server-only";
import type { MirrorSql } from "./mirror-sql";

// Whether the mirror may answer for [from, to): every window overlapping it synced, and the range
// inside the horizon (the windows join without a gap from before `from` to after `to`). Freshness
// is the oldest as_of of those windows: what X-Data-Fetched-At says. Decided here from the windows,
// whether they came from one SQL statement per request (mirror-coverage.ts) or from the snapshot
// an instance keeps between changes (coverage-cache.ts), so both give the same verdict.

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

/** One row of mirror_windows, its instants in epoch milliseconds (the columns hold milliseconds). */
export interface WindowSpan {
  startsMs: number;
  endsMs: number;
  /** Null until the window is first synced. */
  asOfMs: number | null;
}

/** Every window of the horizon, by starts_at, and how many of them were ever synced. */
export interface WindowsSnapshot {
  windows: readonly WindowSpan[];
  synced: number;
}

export const EPOCH_MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/** A window as both reads select it: its instants through EPOCH_MS, named so. */
export interface WindowRow {
  starts_ms: number;
  ends_ms: number;
  as_of_ms: number | null;
}

export const windowSpanOf = (row: WindowRow): WindowSpan => ({
  startsMs: row.starts_ms,
  endsMs: row.ends_ms,
  asOfMs: row.as_of_ms,
});

export async function readWindowsSnapshot(sql: MirrorSql): Promise<WindowsSnapshot> {
  const rows = await sql.query<WindowRow>(
    `SELECT ${EPOCH_MS("starts_at")} AS starts_ms, ${EPOCH_MS("ends_at")} AS ends_ms,
       ${EPOCH_MS("as_of")} AS as_of_ms
     FROM mirror_windows ORDER BY starts_at`,
    [],
  );
  const windows = rows.map(windowSpanOf);
  return { windows, synced: windows.filter((window) => window.asOfMs !== null).length };
}

/** The verdict for [fromMs, toMs) from the whole snapshot. */
export function coverageOfSnapshot(snapshot: WindowsSnapshot, fromMs: number, toMs: number): Coverage {
  // The same overlap as the SQL's join, kept in starts_at order.
  const inRange = snapshot.windows.filter((window) => window.startsMs < toMs && window.endsMs > fromMs);
  return coverageOfWindows(
    inRange,
    { synced: snapshot.synced, total: snapshot.windows.length },
    fromMs,
    toMs,
  );
}

/** The whole horizon (a vehicle's history reads all of it). */
export function horizonCoverageOfSnapshot(snapshot: WindowsSnapshot): Coverage {
  const [first] = snapshot.windows;
  if (!first) return { state: "outside_horizon" };
  const toMs = Math.max(...snapshot.windows.map((window) => window.endsMs));
  return coverageOfSnapshot(snapshot, first.startsMs, toMs);
}

/** `inRange`: the windows overlapping [fromMs, toMs), by starts_at; `horizon`: counts of all windows. */
export function coverageOfWindows(
  inRange: readonly WindowSpan[],
  horizon: { synced: number; total: number },
  fromMs: number,
  toMs: number,
): Coverage {
  if (!joinsWithoutGap(inRange, fromMs, toMs)) return { state: "outside_horizon" };
  const syncedInRange = inRange.filter((window) => window.asOfMs !== null).length;
  if (syncedInRange < inRange.length) {
    const progress = { ...horizon, syncedInRange, totalInRange: inRange.length };
    return { state: "not_ready", progress, message: notReadyMessage(progress) };
  }
  return { state: "ready", asOf: new Date(Math.min(...inRange.map((window) => window.asOfMs ?? 0))) };
}

function joinsWithoutGap(windows: readonly WindowSpan[], fromMs: number, toMs: number): boolean {
  let reached = fromMs;
  for (const window of windows) {
    if (window.startsMs > reached) return false;
    reached = Math.max(reached, window.endsMs);
  }
  return reached >= toMs;
}

function notReadyMessage({ synced, total, syncedInRange, totalInRange }: SyncProgress): string {
  return (
    `The task mirror is still filling: ${syncedInRange} of ${totalInRange} windows of this range are ` +
    `synced (${synced} of ${total} in all). Try again shortly.`
  );
}

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
