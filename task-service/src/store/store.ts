// The one storage abstraction: PostgreSQL SQL, executed by PGlite (embedded) or by a real server
// through pg (platform/sql/sql-db.ts).
import type { SqlDb } from "../../../platform/sql/sql-db";

export type { SqlExecutor } from "../../../platform/sql/sql-db";
export type Store = SqlDb;
