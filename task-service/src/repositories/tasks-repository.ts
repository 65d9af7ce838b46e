// Reads and writes tasks; maps stored rows to the wire shape of the specification.
import { taskOfRow, type Task, type TaskRow } from "../../../contract/service/task-row";
import type { TaskRecord } from "../domain/records";
import type { SqlExecutor } from "../store/store";
import { LATEST_POSITION_SQL, taskChangesSql, type ChangePosition } from "./task-changes-sql";
import { TASK_COLUMNS, taskPageSql, type TaskPageQuery } from "./task-page-sql";

export type { Task };

/**
 * Each task's wire JSON as the store keeps it, not tasks: the route joins them into the page
 * (http/task-page-bytes.ts). Array mode, so pg builds no object per row.
 */
export async function findTaskPageJson(db: SqlExecutor, query: TaskPageQuery): Promise<string[]> {
  const { text, params } = taskPageSql(query);
  return (await db.queryValues<readonly [string]>(text, params, { prepared: true })).map((row) => row[0]);
}

export async function findTask(db: SqlExecutor, id: string): Promise<Task | undefined> {
  const rows = await db.query<TaskRow>(
    `SELECT ${TASK_COLUMNS}
     FROM tasks t JOIN locations l ON l.id = t.location_id WHERE t.id = $1`,
    [id],
  );
  return rows[0] ? taskOfRow(rows[0]) : undefined;
}

/**
 * The tasks as one array per column, for `unnest($1::text[], ... $9::integer[])` in the order id,
 * vehicle_id, mva, vin, task_type, status, location_id, started_at, odometer_miles.
 */
export function taskColumnArrays(tasks: readonly TaskRecord[]): unknown[][] {
  return [
    tasks.map((task) => task.id),
    tasks.map((task) => task.vehicle_id),
    tasks.map((task) => task.mva),
    tasks.map((task) => task.vin),
    tasks.map((task) => task.task_type),
    tasks.map((task) => task.status),
    tasks.map((task) => task.location_id),
    tasks.map((task) => task.started_at.toISOString()),
    tasks.map((task) => task.odometer_miles),
  ];
}

/**
 * Inserts or updates by id (a re-import changes a task's status), in one statement per batch. A line
 * identical to the stored task is no change: it keeps its updated_at and its place in the change
 * feed (migration 4).
 */
export async function upsertTasks(db: SqlExecutor, tasks: readonly TaskRecord[]): Promise<void> {
  if (tasks.length === 0) return;
  await db.query(
    // The wire JSON and the change are written here, as the store's triggers would write them
    // (migrations 3 to 5): a trigger costs a plpgsql call and a location lookup per row, twice an
    // import's time.
    `INSERT INTO tasks (id, vehicle_id, mva, vin, task_type, status, location_id, started_at, odometer_miles,
       wire_json)
     SELECT u.*, vts_task_json(u.id, u.vehicle_id, u.mva, u.vin, u.task_type, u.status, u.location_id,
       l.name, u.started_at, u.odometer_miles, now())
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::timestamptz[], $9::integer[])
       AS u (id, vehicle_id, mva, vin, task_type, status, location_id, started_at, odometer_miles)
     LEFT JOIN locations l ON l.id = u.location_id
     ON CONFLICT (id) DO UPDATE SET vehicle_id = EXCLUDED.vehicle_id, mva = EXCLUDED.mva, vin = EXCLUDED.vin,
       task_type = EXCLUDED.task_type, status = EXCLUDED.status, location_id = EXCLUDED.location_id,
       started_at = EXCLUDED.started_at, odometer_miles = EXCLUDED.odometer_miles,
       updated_at = vts_next_updated_at(tasks.updated_at), change_xid = pg_current_xact_id(),
       -- The JSON made for the insert holds now(); only a task changed since this transaction
       -- began needs its JSON made again, with the later time.
       wire_json = CASE WHEN vts_next_updated_at(tasks.updated_at) = now() THEN EXCLUDED.wire_json
         ELSE vts_task_json(EXCLUDED.id, EXCLUDED.vehicle_id, EXCLUDED.mva, EXCLUDED.vin, EXCLUDED.task_type,
           EXCLUDED.status, EXCLUDED.location_id, (SELECT name FROM locations WHERE id = EXCLUDED.location_id),
           EXCLUDED.started_at, EXCLUDED.odometer_miles, vts_next_updated_at(tasks.updated_at)) END
     WHERE (tasks.vehicle_id, tasks.mva, tasks.vin, tasks.task_type, tasks.status, tasks.location_id,
         tasks.started_at, tasks.odometer_miles)
       IS DISTINCT FROM (EXCLUDED.vehicle_id, EXCLUDED.mva, EXCLUDED.vin, EXCLUDED.task_type, EXCLUDED.status,
         EXCLUDED.location_id, EXCLUDED.started_at, EXCLUDED.odometer_miles)`,
    taskColumnArrays(tasks),
  );
}

export interface TaskChangeRows {
  /** Each row's wire JSON and change_xid, in feed order. */
  rows: (readonly [taskJson: string, xid: string])[];
  /** A committed change waits behind a write still running (task-changes-sql.ts). */
  heldBack: boolean;
}

export async function findTaskChanges(
  db: SqlExecutor,
  after: ChangePosition,
  fetch: number,
): Promise<TaskChangeRows> {
  const { text, params } = taskChangesSql(after, fetch);
  const found = await db.queryValues<readonly [string | null, string | null, boolean]>(text, params, {
    prepared: true,
  });
  const rows = found.flatMap(([json, xid]) => (json !== null && xid !== null ? [[json, xid] as const] : []));
  return { rows, heldBack: found[0]?.[2] === true };
}

/** The feed's latest place (task-changes-sql.ts). */
export async function latestChangePosition(db: SqlExecutor): Promise<ChangePosition> {
  const [row] = await db.query<{ xid: string }>(LATEST_POSITION_SQL, []);
  return { xid: row!.xid, id: "" };
}
