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

/** The ids of every task of the query, in its order, fixed at once: the export reads them by id. */
export async function mirrorExportIds(sql: MirrorSql, query: MirrorExportQuery): Promise<string[]> {
  const params = new SqlParams();
  const where = filterSql(query.filters, params);
  const order = orderSql(query.sort);
  const rows = await sql.query<{ id: string }>(
    `SELECT t.id FROM mirror_tasks t WHERE ${where} ORDER BY ${order}`,
    params.values,
  );
  return rows.map((row) => row.id);
}

export function mirrorExportBatches(
  sql: MirrorSql,
  ids: readonly string[],
  /** The reader's locations (undefined: every one): a task moved elsewhere since is left out. */
  locations: readonly string[] | undefined,
  batchSize?: number,
): AsyncGenerator<TaskTexts, void, undefined> {
  return mirrorTaskTextsById(sql, ids, locations, batchSize);
}
