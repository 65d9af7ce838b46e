import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { COMPLIANCE_JOBS_SQL, readCompliance } from "@/lib/server/maintenance/compliance";
import { parseDueParams, selectDuePage } from "@/lib/server/maintenance/due-query";
import { bookingBounds } from "@/lib/server/maintenance/due-state";
import { applyOverrides } from "@/lib/server/maintenance/program-override";
import {
  DUE_FACTS_SQL,
  JOB_GAPS_SQL,
  readDueRows,
  readPrograms,
} from "@/lib/server/maintenance/read-maintenance";
import type { MirrorSql } from "@/lib/server/mirror/read/mirror-sql";
import { percentile } from "../ui/stats";
import type { CaseResult } from "./measure";
import { FULL_ACCESS } from "@/lib/server/staff";

// The maintenance answers over a loaded mirror, each timed whole (its statements, the learning or
// the states in JavaScript, the page picked) beside its floor: the same statements handed straight
// to the driver, turn about so both see the same noise. No evaluation is reused between runs.

const cursors = new DashboardCursorCodec("bench-mirror");

interface MaintenanceCase {
  name: string;
  ours: () => Promise<{ rows: number; total: number }>;
  floor: () => Promise<unknown>;
}

function cases(sql: MirrorSql, types: string[]): MaintenanceCase[] {
  const gaps = () => sql.query(JOB_GAPS_SQL, []);
  return [
    {
      name: "programs (learned)",
      ours: async () => {
        const programs = await readPrograms(sql);
        return { rows: programs.data.length, total: programs.data.length + programs.irregular.length };
      },
      floor: gaps,
    },
    {
      name: "due page 1 (sort=state), its total and counts",
      ours: async () => {
        const query = parseDueParams(
          new URL("http://bench/api/maintenance/due?sort=state"),
          cursors,
          FULL_ACCESS,
        );
        if (!query.ok) throw query.error;
        const { data: programs } = applyOverrides(await readPrograms(sql), []);
        const now = new Date();
        const rows = await readDueRows(sql, programs, now);
        const page = selectDuePage(rows, query.value, cursors, now.getTime());
        return { rows: page.data.length, total: page.total };
      },
      floor: async () => {
        await gaps();
        await sql.query(DUE_FACTS_SQL, [types, ...bookingBounds(new Date())]);
      },
    },
    {
      name: "compliance (every month)",
      ours: async () => {
        const { data: programs } = applyOverrides(await readPrograms(sql), []);
        const compliance = await readCompliance(sql, programs, {}, 0.1);
        return {
          rows: compliance.by_month.length,
          total: compliance.by_month.reduce((sum, month) => sum + month.completed, 0),
        };
      },
      floor: async () => {
        await gaps();
        await sql.query(COMPLIANCE_JOBS_SQL, [types]);
      },
    },
  ];
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function measureMaintenance(sql: MirrorSql, runs: number): Promise<CaseResult[]> {
  const { data: programs } = applyOverrides(await readPrograms(sql), []);
  const types = programs.map((program) => program.task_type);
  const results: CaseResult[] = [];
  for (const benchCase of cases(sql, types)) {
    const shape = await benchCase.ours();
    await benchCase.floor();
    const ours: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < runs; run++) {
      if (run % 2 === 0) {
        ours.push(await timed(benchCase.ours));
        floor.push(await timed(benchCase.floor));
      } else {
        floor.push(await timed(benchCase.floor));
        ours.push(await timed(benchCase.ours));
      }
    }
    results.push({
      name: benchCase.name,
      ours: { p50: percentile(ours, 50), p99: percentile(ours, 99) },
      floor: { p50: percentile(floor, 50), p99: percentile(floor, 99) },
      ...shape,
    });
  }
  return results;
}
