import { wireStartedAt } from "@/contract/service/task-row";

// A mirrored task as the service sent it: the row shape and its mapping are the contract's
// (contract/service/task-row.ts), shared with the service's own store.

export { taskOfRow, type TaskRow } from "@/contract/service/task-row";

export const TASK_COLUMNS = `t.id, t.vehicle_id, t.mva, t.vin, t.task_type, t.status, t.location_id,
  t.location_name, ${wireStartedAt("t.started_at")} AS started_at, t.odometer_miles`;
