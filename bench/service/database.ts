// The PostgreSQL side of the benchmark: a throwaway server tuned for the box, and the facts about the
// seeded data the cases are built from (time span, busiest filter values, row counts).
import pg from "pg";
import { createDatabase, startLocalPostgres, type LocalPostgres } from "../../harness/local-postgres";

export type FilterName = "location_id" | "mva" | "vehicle_id" | "task_type";
export const FILTERS: readonly FilterName[] = ["location_id", "mva", "vehicle_id", "task_type"];

export interface DataFacts {
  /** A window covering every task, so depth is limited only by the data. */
  window: { from: string; to: string };
  /** When the sandbox was generated: tasks before it are dense, after it thin (bookings). */
  generatedAt: string;
  totalTasks: number;
  /** The most common value of each filter, and how many tasks carry it. */
  busiest: Record<FilterName, { value: string; count: number }>;
  serverVersion: string;
}

/**
 * Settings for a 2-core, 24 GB box: the working set (about 600 MB at a million tasks) fits in memory.
 * random_page_cost=1.1 says so to the planner (the usual value for RAM or SSD). With the default 4,
 * a deep page, whose cursor makes the planner expect a few hundred rows, switches from the ordered
 * index scan to a bitmap scan plus a sort. BENCH_PG_SETTINGS appends settings (later ones win), e.g.
 * "-c random_page_cost=4" to see that.
 */
export const SERVER_SETTINGS = [
  "-c shared_buffers=1GB",
  "-c effective_cache_size=8GB",
  "-c work_mem=16MB",
  "-c maintenance_work_mem=256MB",
  "-c max_wal_size=4GB",
  "-c synchronous_commit=off",
  "-c random_page_cost=1.1",
  ...(process.env.BENCH_PG_SETTINGS ? [process.env.BENCH_PG_SETTINGS] : []),
];

export async function startDatabase(): Promise<{ server: LocalPostgres; url: string }> {
  const server = await startLocalPostgres(SERVER_SETTINGS);
  try {
    return { server, url: await createDatabase(server.url, "vts_bench") };
  } catch (error) {
    server.stop();
    throw error;
  }
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export async function databaseSizeMb(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ size: string }>("SELECT pg_database_size(current_database()) AS size");
  return Math.round(Number(rows[0]?.size ?? 0) / 1e6);
}

const DAY_MS = 86_400_000;

export async function readFacts(db: pg.Client): Promise<DataFacts> {
  const span = await db.query<{ min: Date; max: Date; count: string }>(
    "SELECT min(started_at) AS min, max(started_at) AS max, count(*) AS count FROM tasks",
  );
  const row = span.rows[0];
  if (!row || Number(row.count) === 0) throw new Error("the sandbox holds no tasks");
  const generated = await db.query<{ value: string }>(
    "SELECT value FROM service_settings WHERE name = 'sandbox_generated_at'",
  );
  const busiest = {} as DataFacts["busiest"];
  for (const filter of FILTERS) {
    // Ties broken by value so reruns with the same seed pick the same one.
    const { rows } = await db.query<{ value: string; count: string }>(
      `SELECT ${filter} AS value, count(*) AS count FROM tasks GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    );
    const top = rows[0];
    if (!top) throw new Error(`no value for ${filter}`);
    busiest[filter] = { value: top.value, count: Number(top.count) };
  }
  const version = await db.query<{ server_version: string }>("SHOW server_version");
  return {
    window: {
      from: new Date(Math.floor(row.min.getTime() / DAY_MS) * DAY_MS).toISOString(),
      to: new Date((Math.floor(row.max.getTime() / DAY_MS) + 1) * DAY_MS).toISOString(),
    },
    generatedAt: generated.rows[0]?.value ?? row.max.toISOString(),
    totalTasks: Number(row.count),
    busiest,
    serverVersion: version.rows[0]?.server_version ?? "unknown",
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement, as its text lines. */
export async function explain(db: pg.Client, sql: { text: string; params: unknown[] }): Promise<string[]> {
  const { rows } = await db.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`,
    sql.params,
  );
  return rows.map((line) => line["QUERY PLAN"]);
}

/** The change feed's position of a task, as its cursor holds it (the cursor itself is opaque). */
export async function changeXidOf(db: pg.Client, taskId: string): Promise<string> {
  const result = await db.query<{ xid: string }>("SELECT change_xid::text AS xid FROM tasks WHERE id = $1", [
    taskId,
  ]);
  const xid = result.rows[0]?.xid;
  if (xid === undefined) throw new Error(`no task ${taskId}`);
  return xid;
}
