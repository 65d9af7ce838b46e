import "server-only";
import type { Task } from "@/lib/server/upstream";
import { SqlParams, TASK_JSON_ARRAYS, tasksOfJsonArrays, type MirrorSql } from "./mirror-sql";

// Tasks named by id, in the order named ("export visible rows": the rows a page holds), read in
// batches. Only tasks at the reader's locations are read at all: an id of another location, like
// an unknown one, is simply not in the answer, so nothing tells the two apart.

const BATCH = 10_000;

/**
 * A batch as the database wrote it: its tasks as one JSON text (any order, the ids it found), and
 * the ids asked for in their order. Parsing it is the larger part of a batch's work, so an export
 * can hand it, as it is, to a thread of its own (tasksOfBatch reads it there).
 */
export interface TaskTexts {
  text: string | null;
  ids: readonly string[];
}

function byIdWhere(ids: readonly string[], locations: readonly string[] | undefined) {
  const params = new SqlParams();
  const where = [`t.id = ANY(${params.add(ids, "text[]")})`];
  if (locations) where.push(`t.location_id = ANY(${params.add(locations, "text[]")})`);
  return { where: where.join(" AND "), params };
}

/** How many of the named tasks (each counted once) the mirror holds at the reader's locations. */
export async function countMirroredById(
  sql: MirrorSql,
  ids: readonly string[],
  locations: readonly string[] | undefined,
): Promise<number> {
  const { where, params } = byIdWhere([...new Set(ids)], locations);
  const [row] = await sql.query<{ held: number }>(
    `SELECT count(*)::integer AS held FROM mirror_tasks t WHERE ${where}`,
    params.values,
  );
  return row?.held ?? 0;
}

export async function* mirrorTaskTextsById(
  sql: MirrorSql,
  ids: readonly string[],
  /** The reader's locations; undefined when they see every location. */
  locations: readonly string[] | undefined,
  batchSize = BATCH,
): AsyncGenerator<TaskTexts, void, undefined> {
  for (let start = 0; start < ids.length; start += batchSize) {
    const part = ids.slice(start, start + batchSize);
    const { where, params } = byIdWhere(part, locations);
    const [read] = await sql.query<{ tasks: string | null }>(
      `SELECT ${TASK_JSON_ARRAYS} AS tasks FROM mirror_tasks t WHERE ${where}`,
      params.values,
    );
    yield { text: read?.tasks ?? null, ids: part };
  }
}

/** An export's batch: tasks as objects (the service's pages) or as the mirror wrote them. */
export type TaskBatch = Task[] | TaskTexts;

/** A batch's tasks, in the order its ids were asked for; an id the mirror did not find is left out. */
export function tasksOfBatch(batch: TaskBatch): Task[] {
  if (Array.isArray(batch)) return batch;
  const byId = new Map(tasksOfJsonArrays(batch.text).map((task) => [task.id, task]));
  return batch.ids.flatMap((id) => byId.get(id) ?? []);
}
