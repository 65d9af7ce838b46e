import "server-only";
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockMirrorDir } from "./data-dir-lock";
import type { MirrorDb, MirrorExecutor } from "./mirror-db";

/** `dataDir` undefined: in memory (tests). */
export async function openPgliteMirror(dataDir: string | undefined): Promise<MirrorDb> {
  let release = async () => {};
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    release = await lockMirrorDir(dataDir);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  } catch (error) {
    await release();
    throw error;
  }
  const executor = (target: Pick<PGlite, "query">): MirrorExecutor => ({
    async query<Row>(text: string, params?: readonly unknown[]) {
      return (await target.query<Row>(text, params as unknown[] | undefined)).rows;
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
      await release();
    },
  };
}
