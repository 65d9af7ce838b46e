// A real PostgreSQL server through a pg connection pool.
import pg from "pg";
import type { SqlExecutor, Store } from "./store";

// int8 (counts) as numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openPostgresStore(connectionString: string, poolSize = 10): Promise<Store> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // With the default cost of 4 (spinning disks), the planner turns deep keyset pages into a
    // bitmap scan plus a sort; 1.1 (data in memory or on SSD) keeps them ordered index scans, as
    // cheap as page 1 (docs/benchmarks.md).
    options: "-c random_page_cost=1.1",
  });
  // An idle client losing its server must not crash the process; the next query reports it instead.
  pool.on("error", () => {});
  const executor = (target: pg.Pool | pg.PoolClient): SqlExecutor => ({
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await target.query(text, params as unknown[] | undefined);
      return result.rows as Row[];
    },
  });
  await pool.query("SELECT 1");
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
