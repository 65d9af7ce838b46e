import "server-only";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { DataDirLock } from "@/platform/data-dir-lock";
import { applyMigrations } from "@/platform/sql/migrate";
import { openSqlDb, type SqlDbSettings } from "@/platform/sql/open-sql-db";
import type { SqlDb } from "@/platform/sql/sql-db";
import { mirrorMigrations, type MirrorMigration } from "./migrations";

// The mirror's database: the one query interface its code uses, whichever database holds the
// mirror (PGlite embedded in this process, or a PostgreSQL several dashboard instances share), and
// how it is opened: locked to one process when embedded, migrated before anyone reads it.

// The mirror's names for platform/sql's interface, which the service's store uses too.
export type { SqlDb as MirrorDb, SqlExecutor as MirrorExecutor } from "@/platform/sql/sql-db";

/**
 * Opens the mirror's database and applies pending migrations: a shared PostgreSQL when
 * `databaseUrl` (DASHBOARD_DATABASE_URL) is set, otherwise PGlite in `dataDir` (MIRROR_DATA_DIR).
 */
export function openMirrorDb(settings: SqlDbSettings, onIdleError?: (error: Error) => void): Promise<SqlDb> {
  return openSqlDb(settings, {
    postgres: { onIdleError },
    // pg_trgm: the quick search's trigram index (migration 1).
    pglite: { lock: mirrorDirLock, extensions: { pg_trgm } },
    migrate: (db) => migrateMirror(db),
  });
}

// One dashboard process per embedded mirror directory (platform/data-dir-lock.ts says why).
function mirrorDirLock(dataDir: string): DataDirLock {
  return {
    fileName: "mirror.lock",
    inUse: (holder) =>
      `The mirror ${dataDir} is in use by process ${holder} (another dashboard). Give each ` +
      "dashboard its own MIRROR_DATA_DIR, or share one PostgreSQL with DASHBOARD_DATABASE_URL.",
  };
}

// The mirror's history lives in mirror_migrations under a lock key of its own, apart from the
// service's schema_migrations, so the two never mistake each other's migrations in one database.
const MIGRATION_LOCK_KEY = 7_315_014;

export function migrateMirror(
  db: SqlDb,
  migrations: readonly MirrorMigration[] = mirrorMigrations,
): Promise<void> {
  return applyMigrations(db, { table: "mirror_migrations", lockKey: MIGRATION_LOCK_KEY, migrations });
}
