// The floor: the very SQL the service runs for a page (taskPageSql or taskChangesSql, same parameters), sent straight
// through one pg connection from this process. What the service adds on top of it is the cost of
// being an HTTP API: auth, validation, mapping, JSON and the network hop.
//
// Since migration 3 that SQL selects one text column per row, each task's wire JSON as the store
// keeps it (no join with locations), read in pg's array mode as the service reads it
// (findTaskPageJson). The floor is the cheapest way to get the page's content out of the database,
// and that is now the JSON itself: timing the old ten-column join instead would credit the service
// with work it no longer does, and the store's share of the work (keeping the JSON) is paid when a
// task is written, not per page.
//
// The service sends it as a prepared statement (findTaskPageJson), parsed once per connection and
// planned once for all values; so does the floor, or it would charge the service for parsing and
// planning that it no longer does.
import type pg from "pg";
import { PreparedNames } from "../../platform/sql/prepared-names";
import type { PageStatement } from "./cases";

const names = new PreparedNames();

export function floorRunner(db: pg.Client, { text, params }: PageStatement): () => Promise<number> {
  const config: pg.QueryArrayConfig = { ...names.queryConfig(text, params), rowMode: "array" };
  return async () => (await db.query(config)).rowCount ?? 0;
}
