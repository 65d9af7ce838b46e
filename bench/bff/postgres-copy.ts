// A copy of a mirror's PGlite tables in a PostgreSQL database, for the pg floor of sql-floor.ts:
// the mirror's own migrations make the schema, and the rows go over as JSON (no COPY client is a
// dependency), then ANALYZE, so the planner sees what a synced mirror's would.
import type { PGlite } from "@electric-sql/pglite";
import { openMirrorDb } from "@/lib/server/mirror/store/open-mirror";

const TABLES = ["mirror_locations", "mirror_windows", "mirror_tasks"] as const;

export async function copyMirrorToPostgres(source: PGlite, databaseUrl: string): Promise<void> {
  const target = await openMirrorDb({ databaseUrl, dataDir: undefined });
  try {
    for (const table of TABLES) {
      const { rows } = await source.query<{ rows: string | null }>(
        `SELECT json_agg(t)::text AS rows FROM ${table} t`,
      );
      await target.query(
        `INSERT INTO ${table} SELECT * FROM json_populate_recordset(null::${table}, $1::json)`,
        [rows[0]?.rows ?? "[]"],
      );
    }
    await target.query("ANALYZE");
  } finally {
    await target.close();
  }
}
