// Applies pending migrations in one transaction; an advisory lock keeps concurrent instances from racing.
import { migrations } from "./migrations";
import type { Store } from "./store";

const MIGRATION_LOCK_KEY = 7_315_001;

export async function migrate(store: Store): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = await tx.query<{ id: number }>("SELECT id FROM schema_migrations");
    const appliedIds = new Set(applied.map((row) => row.id));
    for (const migration of migrations) {
      if (appliedIds.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (id, name) VALUES ($1, $2)", [
        migration.id,
        migration.name,
      ]);
    }
  });
}

/** Transactions hand out one statement per call, so a migration's text is split on top-level semicolons. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
