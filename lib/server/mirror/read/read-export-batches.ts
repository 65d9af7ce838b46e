import "server-only";
import { SqlParams, type MirrorSql } from "./mirror-sql";
import type { MirrorExportQuery } from "./parse-mirror-params";
import { filterSql, orderSql } from "./query-sql";
import { mirrorTaskTextsById, type TaskTexts } from "./read-tasks-by-id";

// "Export all matching" from the mirror: every task of the query in its order, each exactly once.
// A download runs at the browser's pace, across several refreshes of the sync slices it reads; keyset
// batches would then meet a task twice, or never, whose sort key changed in between (a status
// moving on). So the export fixes its list of ids, in order, with one statement, then reads the
// rows in batches by id: a task changed since is written as it is now, one deleted since is left
// out, and the reader holds the ids plus one batch.

export async function* mirrorExportBatches(
  sql: MirrorSql,
  query: MirrorExportQuery,
  batchSize?: number,
): AsyncGenerator<TaskTexts, void, undefined> {
  const params = new SqlParams();
  const where = filterSql(query.filters, params);
  const order = orderSql(query.sort);
  const ids = await sql.query<{ id: string }>(
    `SELECT t.id FROM mirror_tasks t WHERE ${where} ORDER BY ${order}`,
    params.values,
  );
  yield* mirrorTaskTextsById(
    sql,
    ids.map((row) => row.id),
    undefined,
    batchSize,
  );
}
