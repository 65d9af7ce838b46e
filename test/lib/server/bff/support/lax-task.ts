import type { Task } from "@/lib/server/upstream";

/** One task at LAX for the export tests: 08:30 UTC is 00:30 in Los Angeles that November day (PST, UTC-8). */
export const LAX_TASK: Task = {
  id: "T-000001",
  vehicle_id: "V-1",
  mva: "M-1",
  vin: null,
  task_type: "oil_change",
  status: "in_progress",
  location: { id: "loc_lax", name: "LAX Airport" },
  started_at: "2026-11-20T08:30:15.250Z",
  odometer_miles: 51205,
};
