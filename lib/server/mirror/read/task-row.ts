import type { Task } from "@/lib/server/upstream/http/vts-schemas";

// A mirrored task as the service sent it: the same fields in the same order, started_at in the
// service's wire format (always .sss and Z).

export const TASK_COLUMNS = `t.id, t.vehicle_id, t.mva, t.vin, t.task_type, t.status, t.location_id,
  t.location_name, to_char(t.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at,
  t.odometer_miles`;

export interface TaskRow {
  id: string;
  vehicle_id: string;
  mva: string;
  vin: string | null;
  task_type: string;
  status: string;
  location_id: string;
  location_name: string;
  started_at: string;
  odometer_miles: number;
}

export function taskOfRow(row: TaskRow): Task {
  return {
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
}
