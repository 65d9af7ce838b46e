// A task as a SQL row holds it, and the wire shape it becomes: the location flattened into two
// columns, the instants already written by the query (wireInstant). The service reads its store
// this way and the dashboard its mirror, so both answer a task exactly as the contract writes it.
import type { components } from "./api-types";

export type Task = components["schemas"]["Task"];

export interface TaskRow extends Omit<Task, "location" | "updated_at"> {
  location_id: string;
  location_name: string;
  /** Null in a mirror of a service that does not send it. */
  updated_at: string | null;
}

/** SQL for a timestamptz column as the wire writes an instant: always `.sss` and `Z`. */
export function wireInstant(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The contract's field order, so a task serialises to the same bytes wherever it was read. */
export function taskOfRow(row: TaskRow): Task {
  const task: Task = {
    id: row.id,
    vehicle_id: row.vehicle_id,
    mva: row.mva,
    vin: row.vin,
    task_type: row.task_type,
    status: row.status,
    location: { id: row.location_id, name: row.location_name },
    started_at: row.started_at,
    odometer_miles: row.odometer_miles,
  };
  if (row.updated_at !== null) task.updated_at = row.updated_at;
  return task;
}
