import "server-only";
import type { MirrorSql } from "@/lib/server/mirror";
import { intervalShare } from "./learn-program";
import type { ProgramInEffect } from "./program-override";

// Preventive-maintenance compliance: every completed job of a program type that follows an earlier
// completed job of the same type on the same vehicle is on time or late. Late: done more than the
// tolerance (10% unless set) past the program's interval in force when it was done, by date or by
// miles, whichever the program has. Compliance is on-time jobs over completed ones. Months are the
// location's own.

/** Every completed job of the types ($1) after an earlier one of its type on its vehicle: the gap and the month there. */
export const COMPLIANCE_JOBS_SQL = `SELECT jobs.id, vehicle_id, mva, task_type, location_id, location_name, started_at,
                  to_char(started_at AT TIME ZONE coalesce(l.timezone, 'UTC'), 'YYYY-MM') AS month,
                  previous_id, previous_location_id,
                  extract(epoch FROM started_at - previous_at)::float8 / 86400 AS days,
                  odometer_miles - previous_miles AS miles
           FROM (SELECT t.*, lag(t.id) OVER same_job AS previous_id,
                        lag(t.location_id) OVER same_job AS previous_location_id,
                        lag(t.started_at) OVER same_job AS previous_at,
                        lag(t.odometer_miles) OVER same_job AS previous_miles
                 FROM mirror_tasks t
                 WHERE t.status = 'completed' AND t.task_type = ANY($1::text[])
                 WINDOW same_job AS (PARTITION BY t.vehicle_id, t.task_type ORDER BY t.started_at, t.id)) jobs
           LEFT JOIN mirror_locations l ON l.id = jobs.location_id
           WHERE previous_id IS NOT NULL`;

export interface LateJob {
  task_id: string;
  vehicle_id: string;
  mva: string;
  task_type: string;
  location_id: string;
  location_name: string;
  started_at: string;
  /** Null when that job was at a location outside the reader's: it is not theirs to open. */
  previous_task_id: string | null;
  days_since_previous: number;
  miles_since_previous: number;
  interval_days: number | null;
  interval_miles: number | null;
}

export interface ComplianceCounts {
  completed: number;
  late: number;
}

export interface ComplianceFilters {
  /** "YYYY-MM": the month, in each location's own calendar, that by_location, by_task_type and late_jobs cover. */
  month?: string;
  location_id?: string[];
  task_type?: string[];
}

export interface Compliance {
  late_tolerance: number;
  month: string | null;
  by_month: (ComplianceCounts & { month: string })[];
  by_location: (ComplianceCounts & { location_id: string; location_name: string })[];
  by_task_type: (ComplianceCounts & { task_type: string })[];
  late_jobs: LateJob[];
}

interface JobRow {
  id: string;
  vehicle_id: string;
  mva: string;
  task_type: string;
  location_id: string;
  location_name: string;
  started_at: Date;
  month: string;
  previous_id: string;
  previous_location_id: string;
  days: number;
  miles: number;
}

/** Is a job done `gap` after the one before it late on this program? */
type Interval = Pick<ProgramInEffect, "interval_days" | "interval_miles">;

export function isLate(gap: { days: number; miles: number }, program: Interval, tolerance: number): boolean {
  return intervalShare(gap, program.interval_days, program.interval_miles) > 1 + tolerance;
}

/**
 * The interval a job done at `at` was due by: staff's override from the moment it was made, what
 * the history showed before it (none: a job done then is not judged). A later override does not
 * make earlier jobs late, nor excuse them. Of several overrides in turn, the latest is taken from
 * its own change on, and what the history showed before it.
 */
export function intervalInForce(program: ProgramInEffect, at: Date): Interval | null {
  if (program.override === null || at.getTime() >= Date.parse(program.override.changed_at)) return program;
  return program.learned;
}

export async function readCompliance(
  sql: MirrorSql,
  programs: readonly ProgramInEffect[],
  filters: ComplianceFilters,
  tolerance: number,
  sees: (locationId: string) => boolean = () => true,
): Promise<Compliance> {
  const byType = new Map(programs.map((program) => [program.task_type, program]));
  const rows =
    programs.length === 0 ? [] : await sql.query<JobRow>(COMPLIANCE_JOBS_SQL, [[...byType.keys()]]);
  const byMonth = new Map<string, ComplianceCounts & { month: string }>();
  const byLocation = new Map<string, Compliance["by_location"][number]>();
  const byTaskType = new Map<string, Compliance["by_task_type"][number]>();
  const lateJobs: LateJob[] = [];
  const count = <T extends ComplianceCounts>(
    map: Map<string, T>,
    key: string,
    fresh: () => T,
    late: boolean,
  ) => {
    const counts = map.get(key) ?? fresh();
    counts.completed += 1;
    if (late) counts.late += 1;
    map.set(key, counts);
  };
  for (const row of rows) {
    if (filters.location_id && !filters.location_id.includes(row.location_id)) continue;
    if (filters.task_type && !filters.task_type.includes(row.task_type)) continue;
    const program = intervalInForce(byType.get(row.task_type)!, row.started_at);
    if (program === null) continue;
    const gap = { days: Number(row.days), miles: Number(row.miles) };
    const late = isLate(gap, program, tolerance);
    count(byMonth, row.month, () => ({ month: row.month, completed: 0, late: 0 }), late);
    if (filters.month !== undefined && row.month !== filters.month) continue;
    count(
      byLocation,
      row.location_id,
      () => ({ location_id: row.location_id, location_name: row.location_name, completed: 0, late: 0 }),
      late,
    );
    count(byTaskType, row.task_type, () => ({ task_type: row.task_type, completed: 0, late: 0 }), late);
    if (late)
      lateJobs.push({
        task_id: row.id,
        vehicle_id: row.vehicle_id,
        mva: row.mva,
        task_type: row.task_type,
        location_id: row.location_id,
        location_name: row.location_name,
        started_at: row.started_at.toISOString(),
        previous_task_id: sees(row.previous_location_id) ? row.previous_id : null,
        days_since_previous: Math.round(gap.days * 10) / 10,
        miles_since_previous: gap.miles,
        interval_days: program.interval_days,
        interval_miles: program.interval_miles,
      });
  }
  const byName =
    <T>(key: (item: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  return {
    late_tolerance: tolerance,
    month: filters.month ?? null,
    by_month: [...byMonth.values()].sort(byName((item) => item.month)),
    by_location: [...byLocation.values()].sort(byName((item) => item.location_name)),
    by_task_type: [...byTaskType.values()].sort(byName((item) => item.task_type)),
    late_jobs: lateJobs.sort(byName<LateJob>((job) => job.started_at)).reverse(),
  };
}
