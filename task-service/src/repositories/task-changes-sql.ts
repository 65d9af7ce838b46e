// The change feed's page query (migration 4 says why it reads transaction ids). Exported on its own
// so the benchmark's floor runs exactly the SQL the service runs.

/** A place in the feed: the transaction that last changed a task (xid8 as decimal text), and its id. */
export interface ChangePosition {
  xid: string;
  id: string;
}

/**
 * In one statement, so one snapshot answers both: the rows after `after` whose transaction is older
 * than every transaction still running, in (change_xid, id) order (a range on tasks_by_change),
 * each as [wire JSON, change_xid, held back]; and whether a committed change is held back behind a
 * write still running (a change that transaction's xmin does not yet let out). An empty page is one
 * row [null, null, held back].
 */
export function taskChangesSql(after: ChangePosition, fetch: number): { text: string; params: unknown[] } {
  return {
    // The xmin written out at each use, not taken from a CTE: a stable expression is a bound the
    // planner can put into an index condition, a CTE's column is not (it then scans the table).
    text: `SELECT p.wire_json, p.change_xid::text, h.back
    FROM (SELECT EXISTS (SELECT 1 FROM tasks t
      WHERE t.change_xid >= pg_snapshot_xmin(pg_current_snapshot())) AS back) h
    LEFT JOIN (
      SELECT t.wire_json, t.change_xid, t.id FROM tasks t
      WHERE (t.change_xid, t.id) > ($1::xid8, $2)
        AND t.change_xid < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY t.change_xid, t.id
      LIMIT $3
    ) p ON true
    ORDER BY p.change_xid, p.id`,
    params: [after.xid, after.id, fetch],
  };
}

/** The feed's beginning: before every task. */
export const EARLIEST: ChangePosition = { xid: "0", id: "" };

/**
 * The feed's latest place: every change not yet let out lies after it (its transaction is at or
 * past the snapshot's xmin; ids are never empty).
 */
export const LATEST_POSITION_SQL = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xid";
