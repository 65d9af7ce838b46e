import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { encodeKeyset, keysetOf } from "@/lib/server/mirror/read/keyset-cursor";
import { taskOfRow, type MirrorSql, type Statement, type TaskRow } from "@/lib/server/mirror/read/mirror-sql";
import {
  parseMirrorSummaryParams,
  parseMirrorTaskParams,
} from "@/lib/server/mirror/read/parse-mirror-params";
import { readMirrorSummary, summaryStatement } from "@/lib/server/mirror/read/read-summary";
import { readMirrorTaskPage } from "@/lib/server/mirror/read/read-task-page";
import { taskPageStatement } from "@/lib/server/mirror/read/query-sql";
import { percentile } from "../ui/stats";
import type { BenchCase } from "./cases";
import { FULL_ACCESS } from "@/lib/server/staff";

// One case timed two ways, turn about so both see the same noise: the read side's whole request
// (parameters parsed, statement built, rows mapped, cursor signed) and the floor, the same SQL
// handed straight to the driver.

const cursors = new DashboardCursorCodec("bench-mirror");
const OPTIONS = { maxWindowDays: 92, access: FULL_ACCESS, cursors };
const AS_OF = new Date();

export interface CaseResult {
  name: string;
  ours: { p50: number; p99: number };
  floor: { p50: number; p99: number };
  /** Rows on the page (or groups of the summary) and the total. */
  rows: number;
  total: number;
}

interface Prepared {
  ours: () => Promise<{ rows: number; total: number }>;
  statement: Statement;
}

async function prepare(sql: MirrorSql, benchCase: BenchCase): Promise<Prepared> {
  const url = (params: URLSearchParams) => new URL(`http://bench/api/tasks?${params}`);
  if (benchCase.kind === "summary") {
    const parsed = parseMirrorSummaryParams(url(benchCase.params), OPTIONS);
    if (!parsed.ok) throw parsed.error;
    return {
      statement: summaryStatement(parsed.value),
      ours: async () => {
        const again = parseMirrorSummaryParams(url(benchCase.params), OPTIONS);
        if (!again.ok) throw again.error;
        const summary = await readMirrorSummary(sql, again.value, AS_OF);
        return { rows: summary.by_day.length, total: summary.total };
      },
    };
  }
  const params = new URLSearchParams(benchCase.params);
  const first = parseMirrorTaskParams(url(params), OPTIONS);
  if (!first.ok) throw first.error;
  if (benchCase.depth > 0) {
    // The row just before the measured page, found once (by offset, outside the timing).
    const { text, values } = taskPageStatement(first.value, 0, false);
    const skip = text.replace(/LIMIT \$(\d+)::integer$/, `LIMIT 1 OFFSET ${benchCase.depth - 1}`);
    const [row] = await sql.query<TaskRow>(skip, values.slice(0, -1));
    if (!row) throw new Error(`${benchCase.name}: fewer than ${benchCase.depth} rows`);
    params.set("cursor", encodeKeyset(cursors, keysetOf(taskOfRow(row), first.value.sort), first.value));
  }
  const query = parseMirrorTaskParams(url(params), OPTIONS);
  if (!query.ok) throw query.error;
  return {
    statement: taskPageStatement(query.value, query.value.limit, true),
    ours: async () => {
      const again = parseMirrorTaskParams(url(params), OPTIONS);
      if (!again.ok) throw again.error;
      const page = await readMirrorTaskPage(sql, again.value, cursors);
      return { rows: page.data.length, total: page.total };
    },
  };
}

export async function measureCase(sql: MirrorSql, benchCase: BenchCase, runs: number): Promise<CaseResult> {
  const { ours, statement } = await prepare(sql, benchCase);
  const oursMs: number[] = [];
  const floorMs: number[] = [];
  let last = { rows: 0, total: 0 };
  for (let run = -2; run < runs; run++) {
    let started = performance.now();
    last = await ours();
    if (run >= 0) oursMs.push(performance.now() - started);
    started = performance.now();
    await sql.query(statement.text, statement.values);
    if (run >= 0) floorMs.push(performance.now() - started);
  }
  const stats = (samples: number[]) => ({ p50: percentile(samples, 50), p99: percentile(samples, 99) });
  return { name: benchCase.name, ours: stats(oursMs), floor: stats(floorMs), ...last };
}
