import "server-only";
import { DAY_MS } from "@/contract/query/day";
import { SqlParams, type MirrorSql, type Statement } from "./mirror-sql";
import type { MirrorSummaryQuery } from "./mirror-task-query";
import { badZone } from "./parse-mirror-params";
import { filterSql } from "./query-sql";

// GET /api/tasks/summary from the mirror: counts of the matching tasks by status, type, location
// and day (in tz), in one pass over the rows (grouping sets), whatever the window's size.

export interface MirrorSummary {
  total: number;
  by_status: Record<string, number>;
  by_task_type: Record<string, number>;
  by_location: { id: string; name: string; total: number }[];
  by_day: { day: string; total: number; by_status: Record<string, number> }[];
  as_of: string;
}

interface GroupRow {
  status: string | null;
  task_type: string | null;
  location_id: string | null;
  location_name: string | null;
  day: string | null;
  n: number;
}

export function summaryStatement(query: MirrorSummaryQuery): Statement {
  const params = new SqlParams();
  const where = filterSql(query.filters, params);
  const zone = params.add(query.tz, "text");
  // Every grouped column is NOT NULL, so a null in a result row means "not grouped by this". The
  // scan reads only columns of mirror_tasks_for_summary (migration 2); a location's name is looked
  // up once per location, from its newest task.
  const text = `SELECT g.status, g.task_type, g.location_id, to_char(g.day, 'YYYY-MM-DD') AS day, g.n,
      (SELECT x.location_name FROM mirror_tasks x WHERE x.location_id = g.location_id
        ORDER BY x.started_at DESC LIMIT 1) AS location_name
    FROM (SELECT s.status, s.task_type, s.location_id, s.day, count(*)::integer AS n
      FROM (SELECT t.status, t.task_type, t.location_id, (t.started_at AT TIME ZONE ${zone})::date AS day
        FROM mirror_tasks t WHERE ${where}) s
      GROUP BY GROUPING SETS ((s.status), (s.task_type), (s.location_id), (s.day, s.status))) g`;
  return { text, values: params.values };
}

export async function readMirrorSummary(
  sql: MirrorSql,
  query: MirrorSummaryQuery,
  asOf: Date,
): Promise<MirrorSummary> {
  const { text, values } = summaryStatement(query);
  const rows = await sql.query<GroupRow>(text, values).catch((error: unknown) => {
    // tz passed the runtime's zone database; a database whose own is older may still not know it.
    if (error instanceof Error && /time zone .* not recognized/.test(error.message)) throw badZone();
    throw error;
  });
  const byStatus = new Map<string, number>();
  const byType = new Map<string, number>();
  const byLocation: MirrorSummary["by_location"] = [];
  const days = new Map(
    zoneDays(Date.parse(query.filters.from), Date.parse(query.filters.to), query.tz).map((day) => [
      day,
      { day, total: 0, by_status: new Map<string, number>() },
    ]),
  );
  for (const row of rows) {
    if (row.day !== null && row.status !== null) {
      const day = days.get(row.day);
      if (!day) continue; // unreachable: every start in [from, to) falls on one of the days
      day.total += row.n;
      day.by_status.set(row.status, row.n);
    } else if (row.status !== null) byStatus.set(row.status, row.n);
    else if (row.task_type !== null) byType.set(row.task_type, row.n);
    else if (row.location_id !== null)
      byLocation.push({ id: row.location_id, name: row.location_name ?? "", total: row.n });
  }
  byLocation.sort((a, b) => compareText(a.id, b.id));
  return {
    total: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
    by_status: sortedRecord(byStatus),
    by_task_type: sortedRecord(byType),
    by_location: byLocation,
    by_day: [...days.values()].map((day) => ({ ...day, by_status: sortedRecord(day.by_status) })),
    as_of: asOf.toISOString(),
  };
}

function sortedRecord(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort(([a], [b]) => compareText(a, b)));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// The calendar days of [from, to) in a zone, first to last, as YYYY-MM-DD: the summary's by_day
// lists every one of them, a day without tasks as zero, so a chart has no holes.
function zoneDays(fromMs: number, toMs: number, zone: string): string[] {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const first = Date.parse(`${format.format(fromMs)}T00:00:00Z`);
  const last = Date.parse(`${format.format(toMs - 1)}T00:00:00Z`);
  const days: string[] = [];
  // Calendar arithmetic on the dates themselves (as UTC midnights): a DST day is still one day.
  for (let day = first; day <= last; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}
