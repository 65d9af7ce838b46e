import "server-only";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { DataDirInUseError, type DataDirLock } from "@/platform/data-dir-lock";
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

/** Damaged embedded mirrors kept beside the directory for diagnosis; older ones are removed. */
const DAMAGED_KEPT = 2;

/**
 * An embedded mirror whose files will not open (damaged by a crash mid-write or a disk fault) is
 * set aside beside its directory and opened anew, empty: the mirror is a copy of the service, and
 * the sync fills it again. Not for a directory in use by another process, nor for a fault of the
 * file system itself (no space, no permission), which a new directory would meet too.
 * `setAside`: where the damaged files went, and why they would not open.
 */
export async function openMirrorDbOrRebuild(
  settings: SqlDbSettings,
  onIdleError?: (error: Error) => void,
): Promise<{ db: SqlDb; setAside?: { path: string; reason: string } }> {
  try {
    return { db: await openMirrorDb(settings, onIdleError) };
  } catch (error) {
    const dataDir = settings.dataDir;
    if (settings.databaseUrl !== undefined || dataDir === undefined || !isDamage(error)) throw error;
    const path = `${dataDir}.damaged-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await rename(dataDir, path);
    await pruneDamaged(dataDir);
    const reason = error instanceof Error ? error.message : String(error);
    return { db: await openMirrorDb(settings, onIdleError), setAside: { path, reason } };
  }
}

function isDamage(error: unknown): boolean {
  if (error instanceof DataDirInUseError) return false;
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  // Node's file-system errors (ENOSPC, EACCES, EROFS...) and PGlite's own file system's (its
  // ErrnoError), as opposed to PostgreSQL's errors about what the files hold.
  return !(name === "ErrnoError" || (typeof code === "string" && /^E[A-Z]+$/.test(code)));
}

async function pruneDamaged(dataDir: string): Promise<void> {
  const prefix = `${basename(dataDir)}.damaged-`;
  const kept = (await readdir(dirname(dataDir))).filter((name) => name.startsWith(prefix)).sort();
  for (const name of kept.slice(0, Math.max(0, kept.length - DAMAGED_KEPT)))
    await rm(join(dirname(dataDir), name), { recursive: true, force: true });
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
