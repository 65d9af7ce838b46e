import "server-only";
import { isTaskId } from "@/lib/task-id";
import type { DashboardBackend } from "./dashboard-backend";
import { mirroredTask } from "./mirror-singles";
import { readTask } from "./task-data";

/**
 * How long a task's page waits to learn whether its task exists. Past it (a spent budget, a slow
 * or stopped service) the page renders anyway and its client says what it is waiting for.
 */
const LOOKUP_WAIT_MS = 3_000;

export type TaskExistence = "found" | "not_found" | "unknown";

/**
 * Whether the service has this task, for a task's page to answer 404 only when it does not: a
 * spent budget or an unavailable service is "unknown", never a 404. The answer goes through the
 * same mirror and cache as GET /api/tasks/{id}, so the page's own request for the task right after
 * is free.
 */
export async function taskExistence(backend: DashboardBackend, id: string): Promise<TaskExistence> {
  if (!isTaskId(id)) return "not_found";
  if (await mirroredTask(backend, id)) return "found";
  try {
    const cached = await readTask(backend, id, AbortSignal.timeout(LOOKUP_WAIT_MS));
    return cached.value.task ? "found" : "not_found";
  } catch {
    return "unknown";
  }
}
