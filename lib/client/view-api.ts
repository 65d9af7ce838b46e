import type { Task, TaskSummary, Vehicle } from "./api-types";
import { dashboardFetch, type JsonAnswer } from "./dashboard-api";

// What the views beside the list read (view-queries.ts): one task, the counts, a vehicle. Apart
// from the list's reads (dashboard-api.ts), which every /tasks first load holds, so these load
// only with the views that show them.

/** Told of each answer a fetch keeps, for how fresh it is (shown-freshness.ts). */
export type AnswerNote = (response: Response) => void;

export async function fetchTask(id: string, signal?: AbortSignal, note?: AnswerNote): Promise<Task> {
  const response = await dashboardFetch(`/api/tasks/${encodeURIComponent(id)}`, signal);
  note?.(response);
  return (await response.json()) as JsonAnswer<"/api/tasks/{id}">;
}

export async function fetchTaskSummary(
  query: URLSearchParams,
  signal?: AbortSignal,
  note?: AnswerNote,
): Promise<TaskSummary> {
  const response = await dashboardFetch(`/api/tasks/summary?${query.toString()}`, signal);
  note?.(response);
  return (await response.json()) as JsonAnswer<"/api/tasks/summary">;
}

export async function fetchVehicle(
  vehicleId: string,
  signal?: AbortSignal,
  note?: AnswerNote,
): Promise<Vehicle> {
  const response = await dashboardFetch(`/api/vehicles/${encodeURIComponent(vehicleId)}`, signal);
  note?.(response);
  return (await response.json()) as JsonAnswer<"/api/vehicles/{vehicle_id}">;
}
