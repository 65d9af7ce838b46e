import "server-only";
import type { Task } from "@/lib/server/upstream";
import { SqlParams, TASK_COLUMNS, taskOfRow, type MirrorSql, type TaskRow } from "./mirror-sql";
import type { MirrorExportQuery } from "./parse-mirror-params";
import { filterSql, orderSql } from "./query-sql";

// "Export all matching" from the mirror: every task of the query in its order, each exactly once.
// A download runs at the browser's pace, across several refreshes of the sync slices it reads; keyset
// batches would then meet a task twice, or never, whose sort key changed in between (a status
// moving on). So the export fixes its list of ids, in order, with one statement, then reads the
// rows in batches by id: a task changed since is written as it is now, one deleted since is left
// out, and memory holds the ids plus one batch.

const BATCH = 2_000;

export async function* mirrorExportBatches(
  sql: MirrorSql,
  query: MirrorExportQuery,
  batchSize = BATCH,
): AsyncGenerator<Task[], void, undefined> {
  const params = new SqlParams();
  const where = filterSql(query.filters, params);
  const order = orderSql(query.sort);
  const ids = await sql.query<{ id: string }>(
    `SELECT t.id FROM mirror_tasks t WHERE ${where} ORDER BY ${order}`,
    params.values,
  );
  for (let start = 0; start < ids.length; start += batchSize) {
    const part = ids.slice(start, start + batchSize).map((row) => row.id);
    const rows = await sql.query<TaskRow>(
      `SELECT ${TASK_COLUMNS} FROM mirror_tasks t WHERE t.id = ANY($1::text[])`,
      [part],
    );
    const byId = new Map(rows.map((row) => [row.id, taskOfRow(row)]));
    const batch = part.flatMap((id) => byId.get(id) ?? []);
    if (batch.length > 0) yield batch;
  }
}
