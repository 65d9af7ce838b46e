import "server-only";
import { existsSync } from "node:fs";
import { applyMigrations } from "@/platform/sql/migrate";
import { openSqlDb, type SqlDbSettings } from "@/platform/sql/open-sql-db";
import type { SqlDb } from "@/platform/sql/sql-db";
import { workspaceMigrations } from "./migrations";

// The workspace's database: what people create in the dashboard. On a shared PostgreSQL it sits in
// the mirror's database (DASHBOARD_DATABASE_URL) under tables and a migration history of its own.
// Embedded, it has a PGlite directory of its own (WORKSPACE_DATA_DIR): a damaged embedded mirror is
// set aside whole and filled again from the service, and nothing people made may go with it.

export type WorkspaceDb = SqlDb;

// Apart from the mirror's and the service's, so no schema mistakes another's history.
const MIGRATION_LOCK_KEY = 7_315_015;

export function openWorkspaceDb(settings: SqlDbSettings): Promise<WorkspaceDb> {
  return openSqlDb(settings, {
    postgres: { poolSize: 2 },
    pglite: {
      lock: (dataDir) => ({
        fileName: "workspace.lock",
        inUse: (holder) =>
          `The workspace ${dataDir} is in use by process ${holder} (a running dashboard). Stop it ` +
          "first, or share one PostgreSQL with DASHBOARD_DATABASE_URL.",
      }),
    },
    migrate: (db) =>
      applyMigrations(db, {
        table: "workspace_migrations",
        lockKey: MIGRATION_LOCK_KEY,
        migrations: workspaceMigrations,
      }),
  });
}

/**
 * Whether the workspace may hold anything yet. An embedded one whose directory was never made holds
 * nothing, and making it costs seconds of CPU: a read that finds nothing there (a start view) need
 * not open it, so a fresh dashboard's first page does not wait for it.
 */
export function workspaceMayHoldData(settings: SqlDbSettings): boolean {
  return settings.databaseUrl !== undefined || settings.dataDir === undefined || existsSync(settings.dataDir);
}
