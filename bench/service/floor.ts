// The floor: the very SQL the service runs for a page (taskPageSql, same parameters), sent straight
// through one pg connection from this process. What the service adds on top of it is the cost of
// being an HTTP API: auth, validation, mapping, JSON and the network hop.
//
// Rows come back in pg's array mode, as the service reads them (findTaskPageValues): the floor is the
// cheapest way to get the page's rows, so a service that stopped building row objects must not
// be credited with the floor still building them.
import type pg from "pg";
import { taskPageSql, type TaskPageQuery } from "../../task-service/src/repositories/task-page-sql";

export function floorRunner(db: pg.Client, query: TaskPageQuery): () => Promise<number> {
  const { text, params } = taskPageSql(query);
  const config: pg.QueryArrayConfig = { text, values: params, rowMode: "array" };
  return async () => (await db.query(config)).rowCount ?? 0;
}
