import "server-only";
import type { MirrorDb } from "./mirror-db";
import { mirrorMigrations, type MirrorMigration } from "./migrations";

// Brings the mirror's schema up to date in one transaction. Instances sharing a PostgreSQL start
// together, so an advisory lock makes the second wait for the first and then find nothing to do.

const MIGRATION_LOCK_KEY = 7_315_014;

export async function migrateMirror(
  db: MirrorDb,
  migrations: readonly MirrorMigration[] = mirrorMigrations,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS mirror_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set(
      (await tx.query<{ id: number }>("SELECT id FROM mirror_migrations")).map((row) => row.id),
    );
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO mirror_migrations (id, name) VALUES ($1, $2)", [
        migration.id,
        migration.name,
      ]);
    }
  });
}

/** A transaction takes one statement per call, so a migration is split on top-level semicolons. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
