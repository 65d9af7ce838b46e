import "server-only";
import type { Task } from "@/lib/server/upstream";
import { TASK_COLUMNS, taskOfRow, type MirrorSql, type TaskRow } from "./mirror-sql";

// GET /api/vehicles/{vehicle_id} from the mirror: the vehicle's every task over the horizon,
// oldest first, its odometer as read by tasks done (completed or under way: a scheduled task's
// mileage is a guess), and the last completed task of each type ("when was its last oil change").
// mva and vin are the newest task's, as a vehicle's records can be corrected.

const READ_ODOMETER = new Set(["completed", "in_progress"]);

export interface MirrorVehicle {
  vehicle_id: string;
  mva: string;
  vin: string | null;
  tasks: Task[];
  odometer: { at: string; miles: number }[];
  last_by_task_type: Record<string, Task>;
  as_of: string;
}

/**
 * null when the mirror holds no task of the vehicle (the route answers 404). `locations`, when
 * given, are the only ones whose tasks are read: a vehicle is what the reader saw of it there.
 */
export async function readMirrorVehicle(
  sql: MirrorSql,
  vehicleId: string,
  asOf: Date,
  locations: readonly string[] | undefined,
): Promise<MirrorVehicle | null> {
  const rows = await sql.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM mirror_tasks t
     WHERE t.vehicle_id = $1::text${locations ? " AND t.location_id = ANY($2::text[])" : ""}
     ORDER BY t.started_at, t.id`,
    locations ? [vehicleId, locations] : [vehicleId],
  );
  const tasks = rows.map(taskOfRow);
  const newest = tasks.at(-1);
  if (!newest) return null;
  const last = new Map<string, Task>();
  for (const task of tasks) if (task.status === "completed") last.set(task.task_type, task);
  return {
    vehicle_id: vehicleId,
    mva: newest.mva,
    vin: newest.vin,
    tasks,
    odometer: tasks
      .filter((task) => READ_ODOMETER.has(task.status))
      .map((task) => ({ at: task.started_at, miles: task.odometer_miles })),
    last_by_task_type: Object.fromEntries([...last].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    as_of: asOf.toISOString(),
  };
}
