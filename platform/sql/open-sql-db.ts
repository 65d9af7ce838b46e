// Chooses the database from configuration and brings its schema up to date: a shared PostgreSQL
// when a URL is set, otherwise embedded PGlite.
import { openPgliteDb, type PgliteDbOptions } from "./pglite-db";
import { openPostgresDb, type PostgresDbOptions } from "./postgres-db";
import type { SqlDb } from "./sql-db";

export interface SqlDbSettings {
  /** A PostgreSQL server; otherwise PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Ignored when databaseUrl is set; undefined means PGlite in memory (tests). */
  dataDir: string | undefined;
}

export interface SqlDbChoices {
  postgres: Omit<PostgresDbOptions, "connectionString">;
  pglite: Omit<PgliteDbOptions, "dataDir">;
  /** Applies pending migrations; a failure closes the database again. */
  migrate(db: SqlDb): Promise<void>;
}

export async function openSqlDb(settings: SqlDbSettings, choices: SqlDbChoices): Promise<SqlDb> {
  const db = settings.databaseUrl
    ? await openPostgresDb({ ...choices.postgres, connectionString: settings.databaseUrl })
    : await openPgliteDb({ ...choices.pglite, dataDir: settings.dataDir });
  try {
    await choices.migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
