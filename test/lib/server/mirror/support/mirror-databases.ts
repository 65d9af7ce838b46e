import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { createDatabase } from "@/harness/local-postgres";
import type { MirrorSql } from "@/lib/server/mirror/read/mirror-sql";
import { mirrorMigrations } from "@/lib/server/mirror/store/migrations";
import { pgliteTemplateFor } from "@/platform/sql/pglite-db";
import { PreparedNames } from "@/platform/sql/prepared-names";
import type { QueryOptions } from "@/platform/sql/sql-db";

// A fresh mirror database with every migration applied, on PGlite (in memory) or on a new database
// of a real PostgreSQL server, behind the one interface the read side takes.

export interface MirrorDatabase {
  kind: "pglite" | "postgres";
  sql: MirrorSql;
  /** Several statements, no values (migrations, VACUUM). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPgliteMirror(dataDir?: string): Promise<MirrorDatabase> {
  const loadDataDir = await pgliteTemplateFor(dataDir);
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
  const mirror: MirrorDatabase = {
    kind: "pglite",
    sql: {
      async query<Row>(text: string, params: readonly unknown[]) {
        return (await db.query<Row>(text, [...params])).rows;
      },
    },
    exec: async (text) => void (await db.exec(text)),
    close: () => db.close(),
  };
  await migrate(mirror);
  return mirror;
}

/** `serverUrl`: a server the test may create databases on (vitest's global setup gives one). */
export async function openPostgresMirror(
  serverUrl: string,
  name: string,
  connections = 4,
): Promise<MirrorDatabase> {
  const url = await createDatabase(serverUrl, `${name}_${Date.now()}_${process.pid}`);
  // One connection where a test changes session settings (SET) that later statements must see.
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // Statements the read side marks prepared go named, as platform/sql/postgres-db.ts sends them,
  // so reads here run on the plans PostgreSQL keeps for all values, as in production.
  const prepared = new PreparedNames();
  const mirror: MirrorDatabase = {
    kind: "postgres",
    sql: {
      async query<Row>(text: string, params: readonly unknown[], options?: QueryOptions) {
        return (await pool.query(prepared.queryConfig(text, params, options?.prepared ?? false)))
          .rows as Row[];
      },
    },
    exec: async (text) => void (await pool.query(text)),
    close: () => pool.end(),
  };
  await migrate(mirror);
  return mirror;
}

async function migrate(mirror: MirrorDatabase): Promise<void> {
  for (const migration of mirrorMigrations) await mirror.exec(migration.sql);
}
