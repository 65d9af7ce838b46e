// The floor of a mirrored page: its page statement (taskPageStatement, as /api/tasks runs it) sent
// straight to PGlite in the mirror's own data directory, nothing around it. Run as a child with the
// react-server condition (the read side is server-only) once the dashboard that owned the
// directory has stopped: `node --conditions=react-server --import tsx bench/bff/sql-floor.ts DIR
// QUERY RUNS`. Prints the wall times (ms) as JSON.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { DashboardCursorCodec } from "@/lib/server/api/dashboard-cursor";
import { parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import { taskPageStatement } from "@/lib/server/mirror/read/task-page-sql";

const [dir, query, runsText] = process.argv.slice(2);
if (!dir || query === undefined) throw new Error("usage: sql-floor.ts DIR QUERY [RUNS]");
const parsed = parseMirrorTaskParams(new URL(`http://bench/api/tasks?${query}`), {
  maxWindowDays: 92,
  cursors: new DashboardCursorCodec("bench-floor"),
});
if (!parsed.ok) throw parsed.error;
const { text, values } = taskPageStatement(parsed.value, parsed.value.limit, true);
const db = await PGlite.create(dir, { extensions: { pg_trgm } });
const times: number[] = [];
try {
  // As warm as the dashboard's copy, which served the page a thousand times before.
  for (let i = 0; i < 300; i++) await db.query(text, [...values]);
  for (let i = 0; i < Number(runsText ?? 300); i++) {
    const started = process.hrtime.bigint();
    await db.query(text, [...values]);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
} finally {
  await db.close();
}
console.log(JSON.stringify(times));
