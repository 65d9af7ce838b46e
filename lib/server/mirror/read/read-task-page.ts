import "server-only";
import type { DashboardCursorCodec } from "../../dashboard-cursor";
import type { Task } from "@/lib/server/upstream";
import { encodeKeyset, keysetOf } from "./keyset-cursor";
import { taskOfRow, type MirrorSql, type TaskRow } from "./mirror-sql";
import type { MirrorTaskQuery } from "./mirror-task-query";
import { taskPageStatement } from "./query-sql";

// GET /api/tasks from the mirror: one page in the query's order, the count of every matching task,
// and a cursor to the next page when more follow.

export interface MirrorTaskPage {
  data: Task[];
  next_cursor: string | null;
  /** Every task matching the filters, not only those after the cursor. */
  total: number;
}

type PageRow = { total: number } & ({ [K in keyof TaskRow]: TaskRow[K] } | { [K in keyof TaskRow]: null });

export async function readMirrorTaskPage(
  sql: MirrorSql,
  query: MirrorTaskQuery,
  cursors: DashboardCursorCodec,
): Promise<MirrorTaskPage> {
  const { text, values } = taskPageStatement(query, query.limit, true);
  // Prepared on PostgreSQL unless it searches: a search's plan depends on its pattern's trigrams.
  const rows = await sql.query<PageRow>(text, values, { prepared: query.filters.q === undefined });
  const total = rows[0]?.total ?? 0;
  // No matching row after the cursor leaves one row of nulls beside the count.
  const tasks = rows.flatMap((row) => (row.id === null ? [] : [taskOfRow(row as TaskRow)]));
  const data = tasks.slice(0, query.limit);
  const last = data.at(-1);
  const next_cursor =
    tasks.length > query.limit && last ? encodeKeyset(cursors, keysetOf(last, query.sort), query) : null;
  return { data, next_cursor, total };
}
