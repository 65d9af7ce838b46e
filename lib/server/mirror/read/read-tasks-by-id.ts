import "server-only";
import type { Task } from "@/lib/server/upstream";
import { SqlParams, TASK_JSON_ARRAYS, tasksOfJsonArrays, type MirrorSql } from "./mirror-sql";

// Tasks named by id, in the order named ("export visible rows": the rows a page holds), read in
// batches. Only tasks at the reader's locations are read at all: an id of another location, like
// an unknown one, is simply not in the answer, so nothing tells the two apart.

const BATCH = 10_000;

export async function* mirrorTasksById(
  sql: MirrorSql,
  ids: readonly string[],
  /** The reader's locations; undefined when they see every location. */
  locations: readonly string[] | undefined,
  batchSize = BATCH,
): AsyncGenerator<Task[], void, undefined> {
  for (let start = 0; start < ids.length; start += batchSize) {
    const part = ids.slice(start, start + batchSize);
    const params = new SqlParams();
    const where = [`t.id = ANY(${params.add(part, "text[]")})`];
    if (locations) where.push(`t.location_id = ANY(${params.add(locations, "text[]")})`);
    const [read] = await sql.query<{ tasks: string | null }>(
      `SELECT ${TASK_JSON_ARRAYS} AS tasks FROM mirror_tasks t WHERE ${where.join(" AND ")}`,
      params.values,
    );
    const byId = new Map(tasksOfJsonArrays(read?.tasks ?? null).map((task) => [task.id, task]));
    const batch = part.flatMap((id) => byId.get(id) ?? []);
    if (batch.length > 0) yield batch;
  }
}
