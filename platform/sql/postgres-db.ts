// A PostgreSQL server through a pg connection pool, behind SqlDb.
import pg from "pg";
import { listenOnPostgres } from "./postgres-listener";
import { PreparedNames } from "./prepared-names";
import type { QueryOptions, SqlDb, SqlExecutor } from "./sql-db";

// int8 (counts) as numbers: the counts either program reads stay far below 2^53. The parser is
// pg's process-wide setting, so it is set once, here, for every pool.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface PostgresDbOptions {
  connectionString: string;
  poolSize?: number;
  /** Settings for every session of the pool, as `-c name=value` (libpq's `options`). */
  sessionOptions?: string;
  /** Hears of an idle connection's failure (a server restart, a dropped link): for a debug log. */
  onIdleError?: (error: Error) => void;
}

/** Opens the pool and makes one round trip, so a server that cannot be reached fails here. */
export async function openPostgresDb(options: PostgresDbOptions): Promise<SqlDb> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.sessionOptions === undefined ? {} : { options: options.sessionOptions }),
  });
  // An idle client losing its server must not crash the process; the next query reports it, and the
  // caller may hear of it at once.
  pool.on("error", (error) => options.onIdleError?.(error));
  // One set of names per pool, so every connection of it sends the same text under one name.
  const prepared = new PreparedNames();
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: "postgres",
    ...executor(pool, prepared),
    async exec(text) {
      await pool.query(text);
    },
    async transaction(work) {
      // One client for the whole transaction: the pool would spread statements over connections.
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const result = await work({
          ...executor(client, prepared),
          async exec(text) {
            // No parameters: pg sends it as one simple query, which may hold several statements.
            await client.query(text);
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        // The caller gets the transaction's own failure, which says what went wrong. A ROLLBACK
        // that fails too leaves a connection that is broken or still inside the transaction:
        // released as broken, the pool closes it instead of handing it to the next query.
        broken = await client.query("ROLLBACK").then(
          () => false,
          () => true,
        );
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, feed) =>
      listenOnPostgres(options.connectionString, channel, feed, {
        async notify(channel, payload) {
          await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
        },
      }),
    close: () => pool.end(),
  };
}

function executor(target: pg.Pool | pg.PoolClient, prepared: PreparedNames): SqlExecutor {
  const config = (text: string, params: readonly unknown[] | undefined, options: QueryOptions | undefined) =>
    prepared.queryConfig(text, params, options?.prepared ?? false);
  return {
    async query<Row>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      return (await target.query(config(text, params, options))).rows as Row[];
    },
    async queryValues<Row extends readonly unknown[]>(
      text: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ) {
      const arrays: pg.QueryArrayConfig = { ...config(text, params, options), rowMode: "array" };
      return (await target.query(arrays)).rows as unknown as Row[];
    },
  };
}
