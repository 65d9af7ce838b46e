import "server-only";
import type { MirrorDb, MirrorExecutor } from "../store/mirror-db";
import { DAY_MS } from "@/contract/query/day";
import { windowStarts, type Horizon } from "./horizon";
import type { WindowState } from "./plan";

// The mirror_windows rows: kept equal to the horizon's days as time moves (new days ahead added,
// old ones dropped together with their tasks), and read back for the planner.

export async function alignWindows(db: MirrorDb, horizon: Horizon): Promise<void> {
  const starts = windowStarts(horizon).map((start) => new Date(start).toISOString());
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

export async function readWindows(db: MirrorExecutor): Promise<WindowState[]> {
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

/** "Someone looked at [from, to)": the syncer refreshes those windows first. */
export async function noteViewed(db: MirrorExecutor, from: Date, to: Date): Promise<void> {
  await db.query("UPDATE mirror_windows SET viewed_at = now() WHERE starts_at < $2 AND ends_at > $1", [
    from.toISOString(),
    to.toISOString(),
  ]);
}
