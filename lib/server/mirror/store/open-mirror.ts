import "server-only";
import { migrateMirror } from "./migrate-mirror";
import type { MirrorDb } from "./mirror-db";
import { openPgliteMirror } from "./pglite-mirror";
import { openPostgresMirror } from "./postgres-mirror";

export interface MirrorDbSettings {
  /** A shared PostgreSQL (DASHBOARD_DATABASE_URL); otherwise PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Undefined: PGlite in memory (tests). */
  dataDir: string | undefined;
}

/** Opens the mirror's database and applies pending migrations. */
export async function openMirrorDb(settings: MirrorDbSettings): Promise<MirrorDb> {
  const db = settings.databaseUrl
    ? await openPostgresMirror(settings.databaseUrl)
    : await openPgliteMirror(settings.dataDir);
  try {
    await migrateMirror(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
