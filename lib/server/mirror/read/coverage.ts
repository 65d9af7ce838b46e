import "server-only";
import { SLICE_FRESH_AS_OF } from "../store/slice-freshness";
import type { MirrorSql } from "./mirror-sql";

// Whether the mirror may answer for [from, to): every slice overlapping it synced, and the range
// inside the horizon (the slices join without a gap from before `from` to after `to`). Freshness
// is the oldest as_of of those slices, each as fresh as its walk or the change feed that keeps it
// (store/slice-freshness.ts): what X-Data-Fetched-At says. Decided here from the slices,
// whether they came from one SQL statement per request (mirrorCoverage, below) or from the
// snapshot an instance keeps between changes (coverage-cache.ts), so both give the same verdict.

export interface SyncProgress {
  /** Slices of the whole horizon synced at least once, of all of them. */
  synced: number;
  total: number;
  /** The same, of the slices the request covers. */
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
export interface SliceSpan {
  startsMs: number;
  endsMs: number;
  /** Null until the slice is first synced. */
  asOfMs: number | null;
}

/** Every slice of the horizon, by starts_at, and how many of them were ever synced. */
export interface SliceSnapshot {
  slices: readonly SliceSpan[];
  synced: number;
}

const EPOCH_MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/** A slice as both reads select it: its instants through EPOCH_MS, named so. */
interface SliceRow {
  starts_ms: number;
  ends_ms: number;
  as_of_ms: number | null;
}

const sliceSpanOf = (row: SliceRow): SliceSpan => ({
  startsMs: row.starts_ms,
  endsMs: row.ends_ms,
  asOfMs: row.as_of_ms,
});

export async function readSliceSnapshot(sql: MirrorSql): Promise<SliceSnapshot> {
  const rows = await sql.query<SliceRow>(
    `SELECT ${EPOCH_MS("w.starts_at")} AS starts_ms, ${EPOCH_MS("w.ends_at")} AS ends_ms,
       ${EPOCH_MS(SLICE_FRESH_AS_OF)} AS as_of_ms
     FROM mirror_windows w CROSS JOIN mirror_sync_state st ORDER BY w.starts_at`,
    [],
  );
  const slices = rows.map(sliceSpanOf);
  return { slices, synced: slices.filter((slice) => slice.asOfMs !== null).length };
}

/** The verdict for [fromMs, toMs) from the whole snapshot. */
export function coverageOfSnapshot(snapshot: SliceSnapshot, fromMs: number, toMs: number): Coverage {
  // The same overlap as the SQL's join, kept in starts_at order.
  const inRange = snapshot.slices.filter((slice) => slice.startsMs < toMs && slice.endsMs > fromMs);
  return coverageOfSlices(inRange, { synced: snapshot.synced, total: snapshot.slices.length }, fromMs, toMs);
}

/** The whole horizon (a vehicle's history reads all of it). */
export function horizonCoverageOfSnapshot(snapshot: SliceSnapshot): Coverage {
  const [first] = snapshot.slices;
  if (!first) return { state: "outside_horizon" };
  const toMs = Math.max(...snapshot.slices.map((slice) => slice.endsMs));
  return coverageOfSnapshot(snapshot, first.startsMs, toMs);
}

/** `inRange`: the slices overlapping [fromMs, toMs), by starts_at; `horizon`: counts of all slices. */
export function coverageOfSlices(
  inRange: readonly SliceSpan[],
  horizon: { synced: number; total: number },
  fromMs: number,
  toMs: number,
): Coverage {
  if (!joinsWithoutGap(inRange, fromMs, toMs)) return { state: "outside_horizon" };
  const syncedInRange = inRange.filter((slice) => slice.asOfMs !== null).length;
  if (syncedInRange < inRange.length) {
    const progress = { ...horizon, syncedInRange, totalInRange: inRange.length };
    return { state: "not_ready", progress, message: notReadyMessage(progress) };
  }
  return { state: "ready", asOf: new Date(Math.min(...inRange.map((slice) => slice.asOfMs ?? 0))) };
}

function joinsWithoutGap(slices: readonly SliceSpan[], fromMs: number, toMs: number): boolean {
  let reached = fromMs;
  for (const slice of slices) {
    if (slice.startsMs > reached) return false;
    reached = Math.max(reached, slice.endsMs);
  }
  return reached >= toMs;
}

// People read this in the dashboard, which has always called the sync slices "windows" there
// ("Syncing n/m" counts them as GET /api/mirror's `windows`), so the answer keeps that word.
function notReadyMessage({ synced, total, syncedInRange, totalInRange }: SyncProgress): string {
  return (
    `The task mirror is still filling: ${syncedInRange} of ${totalInRange} windows of this range are ` +
    `synced (${synced} of ${total} in all). Try again shortly.`
  );
}

// The verdict read with one SQL statement per request: what an instance does while it cannot trust
// a snapshot of the slices (coverage-cache.ts).

/** A slice overlapping the range beside the horizon's counts; all nulls on the one row of an empty overlap. */
type OverlapRow = { synced: number; total: number } & (SliceRow | { starts_ms: null });

export async function mirrorCoverage(sql: MirrorSql, from: string, to: string): Promise<Coverage> {
  const rows = await sql.query<OverlapRow>(
    `SELECT ${EPOCH_MS("w.starts_at")} AS starts_ms, ${EPOCH_MS("w.ends_at")} AS ends_ms,
       ${EPOCH_MS(SLICE_FRESH_AS_OF)} AS as_of_ms, h.synced, h.total
     FROM (SELECT count(as_of)::integer AS synced, count(*)::integer AS total FROM mirror_windows) h
     CROSS JOIN mirror_sync_state st
     LEFT JOIN mirror_windows w ON w.starts_at < $2::timestamptz AND w.ends_at > $1::timestamptz
     ORDER BY w.starts_at`,
    [from, to],
  );
  const inRange = rows.flatMap((row) => (row.starts_ms === null ? [] : [sliceSpanOf(row)]));
  const { synced = 0, total = 0 } = rows[0] ?? {};
  return coverageOfSlices(inRange, { synced, total }, Date.parse(from), Date.parse(to));
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
