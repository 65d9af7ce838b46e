// Embedded PostgreSQL: PGlite in memory or on a data directory that one process at a time holds
// (platform/data-dir-lock.ts says why), behind SqlDb.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite, type Extensions } from "@electric-sql/pglite";
import { lockDataDir, type DataDirLock } from "../data-dir-lock";
import { SHORT_LIVED_SETTING, TEMPLATE_SETTING } from "./pglite-settings";
import type { SqlDb, SqlExecutor, SqlTransaction } from "./sql-db";

export interface PgliteDbOptions {
  /** Undefined: in memory (tests). */
  dataDir: string | undefined;
  /** The lock file and the message for a second process, which each program words itself. */
  lock: (dataDir: string) => DataDirLock;
  /** PostgreSQL extensions the schema needs (PGlite loads only those it is given). */
  extensions?: Extensions;
}

/**
 * V8 runs PGlite's WASM at once from a quick baseline compile (Liftoff) and recompiles its busiest
 * functions with its optimizing compiler in the background as they run: over a second of CPU in
 * every process that opens a store. A process whose stores live for seconds (a test's service,
 * dashboard or CLI command) never earns that back, so PGLITE_SHORT_LIVED=1 keeps it on the baseline
 * code. The processes a test run starts get it; a server, or a long-lived test worker, keeps V8's
 * default, since its heavy queries would run slower for longer.
 */
function tuneWasmOptimization(): void {
  if (process.env[SHORT_LIVED_SETTING] !== "1") return;
  setFlagsFromString("--liftoff-only");
}

/** A saved cluster never changes, and a test worker opens dozens of stores from it: read once. */
const templates = new Map<string, Promise<Blob>>();

/**
 * The saved cluster a new store in `dataDir` (undefined: in memory) starts from, if one is set.
 * A new cluster costs PGlite's initdb, seconds of CPU each time; a cluster saved right after initdb
 * and unpacked instead costs a tenth. PGLITE_TEMPLATE names such a saved cluster (written by
 * writePgliteTemplate): test runs, which open a fresh store in nearly every file and child
 * process, set it. An existing data directory never reads it.
 */
export async function pgliteTemplateFor(dataDir: string | undefined): Promise<Blob | undefined> {
  const template = process.env[TEMPLATE_SETTING];
  if (!template) return undefined;
  if (dataDir !== undefined && existsSync(join(dataDir, "PG_VERSION"))) return undefined;
  let read = templates.get(template);
  if (!read) {
    read = readFile(template).then((bytes) => new Blob([bytes]));
    templates.set(template, read);
    // Not swallowed: the caller awaits `read` and sees the failure; this only lets a later store
    // read the file again instead of inheriting the same rejection.
    read.catch(() => templates.delete(template));
  }
  return read;
}

/**
 * A store made from the template holds one test's rows, so the cluster is cut to what such a store
 * uses. Every open unpacks the whole cluster and sets up its shared buffers, so each cut is paid back
 * at every open, and a test's workload runs no slower (docs/testing.md has the figures). Only the
 * template has them: a store a program makes for itself keeps initdb's defaults.
 * - WAL segments of 1 MB instead of 16 MB (fixed at initdb): a 16 MB file of zeros per store;
 * - 16 MB of shared buffers instead of 128 MB, which the engine prepares at each start;
 * - no template0 and template1, which only CREATE DATABASE reads and no store runs.
 */
const TEMPLATE_INITDB = ["--wal-segsize=1"];
const TEMPLATE_TRIMS = [
  "ALTER SYSTEM SET shared_buffers = '16MB'",
  "ALTER DATABASE template0 IS_TEMPLATE false",
  "DROP DATABASE template0",
  "ALTER DATABASE template1 IS_TEMPLATE false",
  "DROP DATABASE template1",
  "CHECKPOINT",
];

/** Saves an empty cluster, just after initdb and cut to a test's needs, where PGLITE_TEMPLATE can name it. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const db = await PGlite.create({ initDbStartParams: TEMPLATE_INITDB });
  try {
    // One statement at a time: DROP DATABASE refuses to run inside the block a batch makes.
    for (const statement of TEMPLATE_TRIMS) await db.exec(statement);
    const cluster = await db.dumpDataDir("none");
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await cluster.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await db.close();
  }
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
    const loadDataDir = await pgliteTemplateFor(dataDir);
    tuneWasmOptimization();
    db = await PGlite.create(dataDir, { extensions: options.extensions ?? {}, loadDataDir });
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
