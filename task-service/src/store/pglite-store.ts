// Embedded PostgreSQL: PGlite on a persistent data directory, guarded so only one process opens it.
import { PGlite } from "@electric-sql/pglite";
import { mkdir } from "node:fs/promises";
import { acquireDataDirLock } from "./data-dir-lock";
import type { SqlExecutor, Store } from "./store";

/** `dataDir` undefined means an in-memory database (tests). */
export async function openPgliteStore(dataDir: string | undefined): Promise<Store> {
  let releaseLock = async () => {};
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    releaseLock = await acquireDataDirLock(dataDir);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const executor = (target: Pick<PGlite, "query">): SqlExecutor => ({
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await target.query<Row>(text, params as unknown[] | undefined);
      return result.rows;
    },
  });
  return {
    kind: "pglite",
    ...executor(db),
    async exec(text) {
      await db.exec(text);
    },
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
    async close() {
      await db.close();
      await releaseLock();
    },
  };
}
