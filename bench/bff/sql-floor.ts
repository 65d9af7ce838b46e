// The floors of a mirrored page: its page statement (taskPageStatement, as /api/tasks runs it
// without its coverage verdict) sent straight to PGlite in the mirror's own data directory,
// nothing around it; and, when a PostgreSQL URL is given, the same statement through `pg` on a
// copy of the same rows there. Run as a child with the react-server condition (the read side is
// server-only) once the dashboard that owned the directory has stopped:
// `node --conditions=react-server --import tsx bench/bff/sql-floor.ts DIR QUERY RUNS [PG_URL]`.
// Prints the wall times (ms) as JSON: { pglite, pg }.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { DashboardCursorCodec } from "@/lib/server/api/dashboard-cursor";
import { parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import { taskPageStatement } from "@/lib/server/mirror/read/task-page-sql";
import { copyMirrorToPostgres } from "./postgres-copy";

const [dir, query, runsText, pgUrl] = process.argv.slice(2);
if (!dir || query === undefined) throw new Error("usage: sql-floor.ts DIR QUERY [RUNS] [PG_URL]");
const runs = Number(runsText ?? 300);
const parsed = parseMirrorTaskParams(new URL(`http://bench/api/tasks?${query}`), {
  maxWindowDays: 92,
  cursors: new DashboardCursorCodec("bench-floor"),
});
if (!parsed.ok) throw parsed.error;
const { text, values } = taskPageStatement(parsed.value, parsed.value.limit, true);

/** As warm as the dashboard's copy, which served the page a thousand times before. */
async function time(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 300; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times;
}

const db = await PGlite.create(dir, { extensions: { pg_trgm } });
let times: { pglite: number[]; pg: number[] | null };
try {
  times = { pglite: await time(() => db.query(text, [...values])), pg: null };
  if (pgUrl) {
    await copyMirrorToPostgres(db, pgUrl);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      times.pg = await time(() => client.query(text, [...values]));
    } finally {
      await client.end();
    }
  }
} finally {
  await db.close();
}
console.log(JSON.stringify(times));
