import "server-only";
import { TASK_COLUMNS, taskOfRow, type TaskRow } from "../mirror";
import type { Location, Task } from "../upstream";
import type { DashboardBackend } from "./dashboard-backend";

// A task's detail and the locations list from the mirror, when it holds them: people open task
// after task, and each detail read from the service spent a call of the budget the sync needs
// (bench:bff: 165 of people's 166 upstream calls once the mirror was full were details). What the
// mirror does not hold, or cannot read, is the service's to answer, as before.

/** The task and the as_of of its synced window; undefined when the mirror does not hold it. */
export async function mirroredTask(
  backend: DashboardBackend,
  id: string,
): Promise<{ task: Task; asOf: Date } | undefined> {
  const db = backend.mirror?.db;
  if (!db) return undefined;
  const rows = await db
    .query<TaskRow & { as_of: Date }>(
      `SELECT ${TASK_COLUMNS}, w.as_of FROM mirror_tasks t
       JOIN mirror_windows w ON t.started_at >= w.starts_at AND t.started_at < w.ends_at
       WHERE t.id = $1 AND w.as_of IS NOT NULL`,
      [id],
    )
    .catch(() => []);
  const [row] = rows;
  if (!row) return undefined;
  const { as_of: asOf, ...task } = row;
  return { task: taskOfRow(task), asOf };
}

/** Every location, ordered by id as the service orders them; undefined until the sync read them. */
export async function mirroredLocations(
  backend: DashboardBackend,
): Promise<{ data: Location[]; asOf: Date } | undefined> {
  const db = backend.mirror?.db;
  if (!db) return undefined;
  try {
    const [state] = await db.query<{ locations_as_of: Date | null }>(
      "SELECT locations_as_of FROM mirror_sync_state",
    );
    if (!state?.locations_as_of) return undefined;
    const data = await db.query<Location>(
      "SELECT id, name, timezone, address FROM mirror_locations ORDER BY id",
    );
    return { data, asOf: state.locations_as_of };
  } catch {
    return undefined;
  }
}
