import "server-only";
import pg from "pg";
import type { MirrorDb, MirrorExecutor } from "./mirror-db";

// int8 (counts) as numbers: the mirror's counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openPostgresMirror(connectionString: string, poolSize = 10): Promise<MirrorDb> {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server must not crash the dashboard; the next query reports it.
  pool.on("error", () => {});
  const executor = (target: pg.Pool | pg.PoolClient): MirrorExecutor => ({
    async query<Row>(text: string, params?: readonly unknown[]) {
      return (await target.query(text, params as unknown[] | undefined)).rows as Row[];
    },
  });
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: "postgres",
    ...executor(pool),
    async exec(text) {
      await pool.query(text);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(executor(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
