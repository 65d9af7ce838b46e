// Embedded PostgreSQL: PGlite in memory or on a data directory that one process at a time holds
// (platform/data-dir-lock.ts says why), behind SqlDb.
import { mkdir } from "node:fs/promises";
import { PGlite, type Extensions } from "@electric-sql/pglite";
import { lockDataDir, type DataDirLock } from "../data-dir-lock";
import type { SqlDb, SqlExecutor, SqlTransaction } from "./sql-db";

export interface PgliteDbOptions {
  /** Undefined: in memory (tests). */
  dataDir: string | undefined;
  /** The lock file and the message for a second process, which each program words itself. */
  lock: (dataDir: string) => DataDirLock;
  /** PostgreSQL extensions the schema needs (PGlite loads only those it is given). */
  extensions?: Extensions;
}

export async function openPgliteDb(options: PgliteDbOptions): Promise<SqlDb> {
  const { dataDir } = options;
  let release = async () => {};
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir, options.lock(dataDir));
  }
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir, { extensions: options.extensions ?? {} });
  } catch (error) {
    await release();
    throw error;
  }
  return {
    kind: "pglite",
    ...executor(db),
    async exec(text) {
      await db.exec(text);
    },
    transaction: (work) => db.transaction((tx) => work(transactionExecutor(tx))),
    // In one process there is no connection to lose, and PGlite calls back before the committing
    // query resolves: a change is seen by the next statement's caller, so onListening(true) fires
    // once, when LISTEN is in place, and never false.
    async listen(channel, feed) {
      const unlisten = await db.listen(channel, (payload) => feed.onNotify(payload));
      feed.onListening(true);
      return { close: () => unlisten() };
    },
    async close() {
      await db.close();
      await release();
    },
  };
}

function executor(target: Pick<PGlite, "query">): SqlExecutor {
  return {
    async query<Row>(text: string, params?: readonly unknown[]) {
      return (await target.query<Row>(text, params as unknown[] | undefined)).rows;
    },
    async queryValues<Row extends readonly unknown[]>(text: string, params?: readonly unknown[]) {
      return (await target.query<Row>(text, params as unknown[] | undefined, { rowMode: "array" })).rows;
    },
  };
}

function transactionExecutor(tx: Pick<PGlite, "query" | "exec">): SqlTransaction {
  return {
    ...executor(tx),
    async exec(text: string) {
      await tx.exec(text);
    },
  };
}
