// One plausible task as the dashboard API sends it, for tests of what the browser makes of tasks.
import type { Task } from "@/lib/client/api-types";

export function sampleTask(overrides: Partial<Task> = {}): Task {
  return {
    id: "t-1",
    vehicle_id: "veh-1",
    mva: "61234567",
    vin: null,
    task_type: "oil_change",
    status: "completed",
    location: { id: "lax", name: "LAX Airport" },
    started_at: "2026-11-20T08:31:35.951Z",
    odometer_miles: 42_000,
    ...overrides,
  };
}
