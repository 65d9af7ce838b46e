import "server-only";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { keysetOf } from "./keyset-cursor";
import type { MirrorSql } from "./mirror-sql";
import type { MirrorExportQuery } from "./parse-mirror-params";
import { taskPageStatement } from "./task-page-sql";
import { taskOfRow, type TaskRow } from "./task-row";

// "Export all matching" from the mirror: every task of the query in its order, in keyset batches,
// so memory stays one batch however large the export and a cancelled download stops between them.

const BATCH = 2_000;

export async function* mirrorExportBatches(
  sql: MirrorSql,
  query: MirrorExportQuery,
  batchSize = BATCH,
): AsyncGenerator<Task[], void, undefined> {
  let after: ReturnType<typeof keysetOf> | undefined;
  for (;;) {
    const { text, values } = taskPageStatement({ ...query, after }, batchSize, false);
    const tasks = (await sql.query<TaskRow>(text, values)).map(taskOfRow);
    const batch = tasks.slice(0, batchSize);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (tasks.length <= batchSize || !last) return;
    after = keysetOf(last, query.sort);
  }
}
