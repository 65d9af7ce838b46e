import "server-only";
import type { Location, Task } from "../../upstream";
import type { MirrorDb, MirrorExecutor } from "../store/mirror-db";
import { taskSearchText } from "../store/search-text";
import type { SliceState } from "./plan";
import { writeAsAdopted } from "./source";

// What sync brought back from the service, written so readers never see half of it: a slice's
// tasks in ONE transaction (what the walk brought back is upserted, the slice's tasks that did not
// come back are deleted, and the slice takes the walk's as_of), the locations whole in another,
// and each page of the change feed in its own (feed.ts).

/**
 * False when the slice is gone from the horizon or a newer walk applied it meanwhile. `adopted`:
 * the service the walk read (writeAsAdopted).
 */
export async function applySlice(
  db: MirrorDb,
  slice: Pick<SliceState, "startsAt" | "endsAt">,
  walked: readonly Task[],
  asOf: Date,
  adopted?: string,
): Promise<boolean> {
  // A task whose started_at moved within the slice while the walk passed it comes back twice;
  // its later answer is the newer one, and an upsert may touch a row only once.
  const tasks = [...new Map(walked.map((task) => [task.id, task])).values()];
  const from = new Date(slice.startsAt).toISOString();
  const to = new Date(slice.endsAt).toISOString();
  return writeAsAdopted(db, adopted, async (tx) => {
    const claimed = await tx.query(
      `UPDATE mirror_windows SET as_of = $2, applied_at = now(), task_count = $3
       WHERE starts_at = $1 AND (as_of IS NULL OR as_of <= $2) RETURNING starts_at`,
      [from, asOf.toISOString(), tasks.length],
    );
    if (claimed.length === 0) return false;
    await upsertMirrorTasks(tx, tasks, { walkAsOf: asOf });
    // What the change feed wrote after this walk began stays: the walk may have passed it.
    await tx.query(
      `DELETE FROM mirror_tasks WHERE started_at >= $1 AND started_at < $2 AND NOT (id = ANY($3::text[]))
         AND (fed_at IS NULL OR fed_at <= $4)`,
      [from, to, tasks.map((task) => task.id), asOf.toISOString()],
    );
    return true;
  });
}

/**
 * Writes tasks by id, by a walk that began at `walkAsOf` or by the change feed at `fedAt`. Never
 * over a newer version: not over a task the service changed later (updated_at, when it sends it),
 * nor, for a walk, over what the feed wrote after the walk began; and not at all over a row that
 * holds the same already.
 */
export async function upsertMirrorTasks(
  tx: MirrorExecutor,
  tasks: readonly Task[],
  by: { walkAsOf: Date } | { fedAt: Date },
): Promise<void> {
  if (tasks.length === 0) return;
  const fedAt = "fedAt" in by ? by.fedAt.toISOString() : null;
  const walkAsOf = "walkAsOf" in by ? by.walkAsOf.toISOString() : null;
  await tx.query(
    `INSERT INTO mirror_tasks AS m (id, vehicle_id, mva, vin, task_type, status, location_id, location_name,
       started_at, odometer_miles, search_text, updated_at, fed_at)
     SELECT *, $13::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::text[], $8::text[], $9::timestamptz[], $10::integer[], $11::text[], $12::timestamptz[])
     ON CONFLICT (id) DO UPDATE SET vehicle_id = EXCLUDED.vehicle_id, mva = EXCLUDED.mva, vin = EXCLUDED.vin,
       task_type = EXCLUDED.task_type, status = EXCLUDED.status, location_id = EXCLUDED.location_id,
       location_name = EXCLUDED.location_name, started_at = EXCLUDED.started_at,
       odometer_miles = EXCLUDED.odometer_miles, search_text = EXCLUDED.search_text,
       updated_at = EXCLUDED.updated_at, fed_at = coalesce(EXCLUDED.fed_at, m.fed_at)
     WHERE (m.updated_at IS NULL OR EXCLUDED.updated_at IS NULL OR EXCLUDED.updated_at >= m.updated_at)
       AND ($14::timestamptz IS NULL OR m.fed_at IS NULL OR m.fed_at <= $14::timestamptz)
       -- A row as it was is not written again: re-walked windows are mostly unchanged, and an
       -- embedded mirror has no autovacuum to reclaim the versions each rewrite leaves behind.
       AND (m.vehicle_id, m.mva, m.vin, m.task_type, m.status, m.location_id, m.location_name, m.started_at,
           m.odometer_miles, m.search_text, m.updated_at)
         IS DISTINCT FROM (EXCLUDED.vehicle_id, EXCLUDED.mva, EXCLUDED.vin, EXCLUDED.task_type, EXCLUDED.status,
           EXCLUDED.location_id, EXCLUDED.location_name, EXCLUDED.started_at, EXCLUDED.odometer_miles,
           EXCLUDED.search_text, EXCLUDED.updated_at)`,
    [
      tasks.map((task) => task.id),
      tasks.map((task) => task.vehicle_id),
      tasks.map((task) => task.mva),
      tasks.map((task) => task.vin),
      tasks.map((task) => task.task_type),
      tasks.map((task) => task.status),
      tasks.map((task) => task.location.id),
      tasks.map((task) => task.location.name),
      tasks.map((task) => task.started_at),
      tasks.map((task) => task.odometer_miles),
      tasks.map(taskSearchText),
      tasks.map((task) => task.updated_at ?? null),
      fedAt,
      walkAsOf,
    ],
  );
}

// The service's locations, replaced whole in one transaction (a few dozen rows, one call).

export async function applyLocations(
  db: MirrorDb,
  locations: readonly Location[],
  asOf: Date,
  adopted?: string,
): Promise<void> {
  await writeAsAdopted(db, adopted, async (tx) => {
    await tx.query(
      `INSERT INTO mirror_locations (id, name, timezone, address, as_of)
       SELECT id, name, timezone, address, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         AS l(id, name, timezone, address)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, timezone = EXCLUDED.timezone,
         address = EXCLUDED.address, as_of = EXCLUDED.as_of`,
      [
        locations.map((l) => l.id),
        locations.map((l) => l.name),
        locations.map((l) => l.timezone),
        locations.map((l) => l.address),
        asOf.toISOString(),
      ],
    );
    await tx.query("DELETE FROM mirror_locations WHERE NOT (id = ANY($1::text[]))", [
      locations.map((l) => l.id),
    ]);
    await tx.query("UPDATE mirror_sync_state SET locations_as_of = $1", [asOf.toISOString()]);
  });
}
