// The floors of a mirrored page: its page statement (taskPageStatement, as /api/tasks runs it
// without its coverage verdict), nothing around it. Run as a child with the react-server condition
// (the read side is server-only):
// - `sql-floor.ts DIR QUERY RUNS`: sent straight to PGlite in the mirror's own data directory, once
//   the dashboard that owned the directory has stopped; prints the wall times (ms) as JSON.
// - `sql-floor.ts --statement QUERY`: prints the statement as JSON ({ text, values }), for the
//   bench to send through its own `pg` client, interleaved with the page requests (PostgreSQL
//   takes many clients, so that floor sees the same stretch of time as the pages).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import { taskPageStatement } from "@/lib/server/mirror/read/query-sql";
import { FULL_ACCESS } from "@/lib/server/staff";

const [first, query, runsText] = process.argv.slice(2);
if (!first || query === undefined) throw new Error("usage: sql-floor.ts DIR|--statement QUERY [RUNS]");
const parsed = parseMirrorTaskParams(new URL(`http://bench/api/tasks?${query}`), {
  maxWindowDays: 92,
  access: FULL_ACCESS,
  cursors: new DashboardCursorCodec("bench-floor"),
});
if (!parsed.ok) throw parsed.error;
const { text, values } = taskPageStatement(parsed.value, parsed.value.limit, true);

if (first === "--statement") {
  console.log(JSON.stringify({ text, values }));
} else {
  const runs = Number(runsText ?? 300);
  const db = await PGlite.create(first, { extensions: { pg_trgm } });
  try {
    // As warm as the dashboard's copy, which served the page a thousand times before.
    for (let i = 0; i < 300; i++) await db.query(text, [...values]);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = process.hrtime.bigint();
      await db.query(text, [...values]);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    console.log(JSON.stringify(times));
  } finally {
    await db.close();
  }
}
