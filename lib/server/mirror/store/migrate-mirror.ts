import "server-only";
import { applyMigrations } from "@/platform/sql/migrate";
import type { MirrorDb } from "./mirror-db";
import { mirrorMigrations, type MirrorMigration } from "./migrations";

// The mirror's history lives in mirror_migrations under a lock key of its own, apart from the
// service's schema_migrations, so the two never mistake each other's migrations in one database.

const MIGRATION_LOCK_KEY = 7_315_014;

export function migrateMirror(
  db: MirrorDb,
  migrations: readonly MirrorMigration[] = mirrorMigrations,
): Promise<void> {
  return applyMigrations(db, { table: "mirror_migrations", lockKey: MIGRATION_LOCK_KEY, migrations });
}
