import "server-only";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { openSqlDb, type SqlDbSettings } from "@/platform/sql/open-sql-db";
import { mirrorDirLock } from "./data-dir-lock";
import { migrateMirror } from "./migrate-mirror";
import type { MirrorDb } from "./mirror-db";

/**
 * Opens the mirror's database and applies pending migrations: a shared PostgreSQL when
 * `databaseUrl` (DASHBOARD_DATABASE_URL) is set, otherwise PGlite in `dataDir` (MIRROR_DATA_DIR).
 */
export function openMirrorDb(settings: SqlDbSettings): Promise<MirrorDb> {
  return openSqlDb(settings, {
    postgres: {},
    // pg_trgm: the quick search's trigram index (migration 1).
    pglite: { lock: mirrorDirLock, extensions: { pg_trgm } },
    migrate: (db) => migrateMirror(db),
  });
}
