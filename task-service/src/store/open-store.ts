// Chooses the store from configuration and brings its schema up to date.
import { openSqlDb, type SqlDbSettings } from "../../../platform/sql/open-sql-db";
import { storeDirLock } from "./data-dir-lock";
import { migrate } from "./migrate";
import type { Store } from "./store";

export function openStore(settings: SqlDbSettings, onIdleError?: (error: Error) => void): Promise<Store> {
  return openSqlDb(settings, {
    postgres: {
      onIdleError,
      // With the default cost of 4 (spinning disks), the planner turns deep keyset pages into a
      // bitmap scan plus a sort; 1.1 (data in memory or on SSD) keeps them ordered index scans, as
      // cheap as page 1 (docs/benchmarks.md).
      sessionOptions: "-c random_page_cost=1.1",
    },
    pglite: { lock: storeDirLock },
    migrate,
  });
}

/**
 * The store as an operator's messages name it: by the setting that chose it, never by
 * DATABASE_URL's value, which may hold a password.
 */
export function storeName({ databaseUrl, dataDir }: SqlDbSettings): string {
  if (databaseUrl) return "PostgreSQL (DATABASE_URL)";
  return dataDir === undefined ? "in-memory PGlite" : `embedded PGlite at ${dataDir} (VTS_DATA_DIR)`;
}
