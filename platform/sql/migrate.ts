// Brings a schema up to date in one transaction. Instances sharing a PostgreSQL start together, so
// an advisory lock makes the second wait for the first and then find nothing to do. Each program
// keeps its own migrations table and lock key, so the two schemas never see each other's history,
// even in one database, and databases migrated before this runner existed keep working.
import type { SqlDb } from "./sql-db";

export interface SqlMigration {
  id: number;
  name: string;
  sql: string;
}

export interface MigrationPlan {
  /** The table that records which migrations ran (created when missing). */
  table: string;
  /** The key of the transaction-scoped advisory lock the runner holds. */
  lockKey: number;
  /** In order; an applied migration is never edited, a new one is added. */
  migrations: readonly SqlMigration[];
}

export async function applyMigrations(db: Pick<SqlDb, "transaction">, plan: MigrationPlan): Promise<void> {
  const { table, lockKey, migrations } = plan;
  // The table's name is spliced into SQL (an identifier cannot be a bound parameter).
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Not a table name: ${table}`);
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [lockKey]);
    await tx.query(`CREATE TABLE IF NOT EXISTS ${table} (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await tx.query<{ id: number }>(`SELECT id FROM ${table}`)).map((row) => row.id));
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO ${table} (id, name) VALUES ($1, $2)`, [migration.id, migration.name]);
    }
  });
}
