// The floor: the very SQL the service runs for a page (taskPageSql, same parameters), sent straight
// through one pg connection from this process. What the service adds on top of it is the cost of
// being an HTTP API: auth, validation, mapping, JSON and the network hop.
import type pg from "pg";
import { taskPageSql, type TaskPageQuery } from "../../task-service/src/repositories/task-page-sql";

export function floorRunner(db: pg.Client, query: TaskPageQuery): () => Promise<number> {
  const { text, params } = taskPageSql(query);
  return async () => (await db.query(text, params)).rowCount ?? 0;
}
