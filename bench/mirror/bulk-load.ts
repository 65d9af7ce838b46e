import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import type { MirrorDatabase } from "@/test/lib/server/mirror/support/mirror-databases";
import {
  insertLocations,
  insertSlices as insertWindows,
  insertTasks,
} from "@/test/lib/server/mirror/support/mirror-rows";

// A million tasks into a migrated mirror, as fast as the store allows: the secondary indexes the
// migrations made are dropped, the rows inserted, and the same indexes (their definitions read
// back from the catalogue) built again in bulk, so the schema measured is exactly the migrations'.

const DAY_MS = 86_400_000;

export async function bulkLoad(
  db: MirrorDatabase,
  tasks: readonly Task[],
  horizon: [number, number],
): Promise<void> {
  const indexes = await db.sql.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE tablename = 'mirror_tasks' AND indexname <> 'mirror_tasks_pkey' ORDER BY indexname`,
    [],
  );
  for (const index of indexes) await db.exec(`DROP INDEX ${index.name}`);
  await insertTasks(db, tasks, 50_000);
  await db.exec("SET maintenance_work_mem = '256MB'");
  for (const index of indexes) await db.exec(index.definition);
  const synced = new Date(horizon[1] - 30 * DAY_MS);
  await insertLocations(db, synced);
  await insertWindows(db, horizon[0], horizon[1], () => synced);
  await db.exec("VACUUM ANALYZE");
}
