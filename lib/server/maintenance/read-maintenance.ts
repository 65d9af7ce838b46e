import "server-only";
import type { MirrorSql } from "@/lib/server/mirror";
import { bookingBounds, dueStanding, type DueStanding } from "./due-state";
import { learnProgram, type Gap } from "./learn-program";
import type { LearnedPrograms, Program, ProgramInEffect } from "./program-override";

// The maintenance answers read from the mirror: programs learned from every completed job's gap to
// the same vehicle's previous one of its type, and each vehicle's standing on each program from its
// last job done, its next one booked and its odometer readings. A cancelled job is not a job done.

/** Every completed job's gap to the same vehicle's previous completed job of its type. */
export const JOB_GAPS_SQL = `SELECT task_type, vehicle_id,
            extract(epoch FROM started_at - previous_at)::float8 / 86400 AS days,
            odometer_miles - previous_miles AS miles
     FROM (SELECT task_type, vehicle_id, started_at, odometer_miles,
                  lag(started_at) OVER same_job AS previous_at,
                  lag(odometer_miles) OVER same_job AS previous_miles
           FROM mirror_tasks WHERE status = 'completed'
           WINDOW same_job AS (PARTITION BY vehicle_id, task_type ORDER BY started_at, id)) jobs
     WHERE previous_at IS NOT NULL`;

/**
 * Per vehicle and program type ($1: the types): its last completed job, the earliest job booked or
 * under way after it (still scheduled from $2, in progress from $3: bookingBounds), and the
 * vehicle's first and latest odometer readings (jobs completed or under way).
 */
export const DUE_FACTS_SQL = `WITH done AS (
       SELECT DISTINCT ON (vehicle_id, task_type) vehicle_id, task_type, id, started_at, odometer_miles,
              location_id, location_name
       FROM mirror_tasks WHERE status = 'completed' AND task_type = ANY($1::text[])
       ORDER BY vehicle_id, task_type, started_at DESC, id DESC
     ), readings AS (
       SELECT vehicle_id, started_at, odometer_miles, id, mva, vin, location_id, location_name
       FROM mirror_tasks WHERE status IN ('completed', 'in_progress')
     ), latest AS (
       SELECT DISTINCT ON (vehicle_id) * FROM readings ORDER BY vehicle_id, started_at DESC, id DESC
     ), first AS (
       SELECT DISTINCT ON (vehicle_id) vehicle_id, started_at, odometer_miles FROM readings
       ORDER BY vehicle_id, started_at, id
     )
     SELECT done.vehicle_id, done.task_type, done.id AS done_id, done.started_at AS done_at,
            done.odometer_miles AS done_miles, done.location_id AS done_location_id,
            done.location_name AS done_location_name,
            booked.id AS booked_id, booked.started_at AS booked_at, booked.status AS booked_status,
            booked.location_id AS booked_location_id,
            latest.mva, latest.vin, latest.started_at AS latest_at, latest.odometer_miles AS latest_miles,
            latest.location_id AS latest_location_id, latest.location_name AS latest_location_name,
            first.started_at AS first_at, first.odometer_miles AS first_miles
     FROM done
     JOIN latest USING (vehicle_id)
     JOIN first USING (vehicle_id)
     LEFT JOIN LATERAL (
       SELECT id, started_at, status, location_id FROM mirror_tasks b
       WHERE b.vehicle_id = done.vehicle_id AND b.task_type = done.task_type AND b.started_at > done.started_at
         AND ((b.status = 'in_progress' AND b.started_at >= $3::timestamptz)
           OR (b.status = 'scheduled' AND b.started_at >= $2::timestamptz))
       -- A job under way first; then the next booking. A no-show still "scheduled", or a job left
       -- "in progress" for weeks, hides neither.
       ORDER BY b.status = 'in_progress' DESC, b.started_at, b.id LIMIT 1
     ) booked ON true`;

/** The programs the mirror's history shows, before staff's overrides (applyOverrides). */
export async function readPrograms(sql: MirrorSql): Promise<LearnedPrograms> {
  const rows = await sql.query<{ task_type: string; vehicle_id: string; days: number; miles: number }>(
    JOB_GAPS_SQL,
    [],
  );
  const gapsByType = new Map<string, Gap[]>();
  for (const row of rows) {
    const gaps = gapsByType.get(row.task_type) ?? [];
    gaps.push({ vehicleId: row.vehicle_id, days: Number(row.days), miles: Number(row.miles) });
    gapsByType.set(row.task_type, gaps);
  }
  const data: Program[] = [];
  const irregular: LearnedPrograms["irregular"] = [];
  for (const [taskType, gaps] of [...gapsByType].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const learned = learnProgram(gaps);
    if (learned) data.push({ task_type: taskType, ...learned });
    else irregular.push({ task_type: taskType, gaps: gaps.length });
  }
  return { data, irregular };
}

export interface DueRow extends DueStanding {
  vehicle_id: string;
  mva: string;
  vin: string | null;
  task_type: string;
  last_done: {
    task_id: string;
    at: string;
    odometer_miles: number;
    location_id: string;
    location_name: string;
  };
  booked: { task_id: string; at: string; location_id: string } | null;
  /** Where the vehicle was last worked on (its latest job done or under way, any type). */
  last_location: { id: string; name: string };
  last_seen_at: string;
}

/**
 * A due row as one reader sees it. A vehicle's standing rests on all its jobs, wherever they were
 * done, so the times and odometer of one at a location outside the reader's stay; which task it
 * was and where do not, as that task itself is not theirs to open.
 */
export interface SeenDueRow extends Omit<DueRow, "last_done" | "booked" | "last_location"> {
  last_done: {
    task_id: string | null;
    at: string;
    odometer_miles: number;
    location_id: string | null;
    location_name: string | null;
  };
  booked: { task_id: string | null; at: string } | null;
  /** Null when the vehicle was last worked on outside the reader's locations (a vehicle's page). */
  last_location: { id: string; name: string } | null;
}

export function dueRowSeenBy(row: DueRow, sees: (locationId: string) => boolean): SeenDueRow {
  const done = row.last_done;
  const doneSeen = sees(done.location_id);
  return {
    ...row,
    last_done: {
      task_id: doneSeen ? done.task_id : null,
      at: done.at,
      odometer_miles: done.odometer_miles,
      location_id: doneSeen ? done.location_id : null,
      location_name: doneSeen ? done.location_name : null,
    },
    booked: row.booked && {
      task_id: sees(row.booked.location_id) ? row.booked.task_id : null,
      at: row.booked.at,
    },
    last_location: sees(row.last_location.id) ? row.last_location : null,
  };
}

interface FactsRow {
  vehicle_id: string;
  task_type: string;
  done_id: string;
  done_at: Date;
  done_miles: number;
  done_location_id: string;
  done_location_name: string;
  booked_id: string | null;
  booked_at: Date | null;
  booked_status: string | null;
  booked_location_id: string | null;
  mva: string;
  vin: string | null;
  latest_at: Date;
  latest_miles: number;
  latest_location_id: string;
  latest_location_name: string;
  first_at: Date;
  first_miles: number;
}

/** Every vehicle's standing on every program it has done a job of, evaluated at `now`. */
export async function readDueRows(
  sql: MirrorSql,
  programs: readonly ProgramInEffect[],
  now: Date,
): Promise<DueRow[]> {
  if (programs.length === 0) return [];
  const rows = await sql.query<FactsRow>(DUE_FACTS_SQL, [
    programs.map((program) => program.task_type),
    ...bookingBounds(now),
  ]);
  const byType = new Map(programs.map((program) => [program.task_type, program]));
  return rows.map((row) => {
    const standing = dueStanding(
      byType.get(row.task_type)!,
      {
        lastDone: { at: row.done_at, miles: row.done_miles },
        firstReading: { at: row.first_at, miles: row.first_miles },
        latestReading: { at: row.latest_at, miles: row.latest_miles },
        booked: row.booked_at && { at: row.booked_at, inProgress: row.booked_status === "in_progress" },
      },
      now,
    );
    return {
      vehicle_id: row.vehicle_id,
      mva: row.mva,
      vin: row.vin,
      task_type: row.task_type,
      ...standing,
      last_done: {
        task_id: row.done_id,
        at: row.done_at.toISOString(),
        odometer_miles: row.done_miles,
        location_id: row.done_location_id,
        location_name: row.done_location_name,
      },
      booked:
        row.booked_id && row.booked_at && row.booked_location_id
          ? { task_id: row.booked_id, at: row.booked_at.toISOString(), location_id: row.booked_location_id }
          : null,
      last_location: { id: row.latest_location_id, name: row.latest_location_name },
      last_seen_at: row.latest_at.toISOString(),
    };
  });
}
