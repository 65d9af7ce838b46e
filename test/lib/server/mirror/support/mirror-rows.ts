import { taskSearchText } from "@/lib/server/mirror/store/search-text";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { sandboxLocations, sandboxTasks } from "@/task-service/src/sandbox/generate-sandbox-data";
import type { MirrorDatabase } from "./mirror-databases";

// Rows written straight into the tables of migration 1, as a finished sync would leave them.
// Tasks are the sandbox generator's (the service's own data), so names hold commas, quotes and
// non-ASCII text as the real thing does.

const DAY_MS = 86_400_000;

/** The generator's own record shapes, as it hands them out. */
type LocationRecord = ReturnType<typeof sandboxLocations>[number];
type TaskRecord = ReturnType<typeof sandboxTasks> extends Generator<infer T> ? T : never;

export function taskOfRecord(record: TaskRecord, locations: ReadonlyMap<string, LocationRecord>): Task {
  const { location_id, started_at, ...rest } = record;
  return {
    id: rest.id,
    vehicle_id: rest.vehicle_id,
    mva: rest.mva,
    vin: rest.vin,
    task_type: rest.task_type,
    status: rest.status,
    location: { id: location_id, name: locations.get(location_id)?.name ?? location_id },
    started_at: started_at.toISOString(),
    odometer_miles: rest.odometer_miles,
  };
}

/** `count` sandbox tasks around `anchor`, as the service would send them. */
export function sandboxMirrorTasks(seed: number, count: number, anchor: Date): Task[] {
  const locations = new Map(sandboxLocations().map((location) => [location.id, location]));
  const tasks: Task[] = [];
  for (const record of sandboxTasks({ seed, taskCount: count, anchor }))
    tasks.push(taskOfRecord(record, locations));
  return tasks;
}

export async function insertLocations(db: MirrorDatabase, asOf: Date): Promise<void> {
  const locations = sandboxLocations();
  await db.sql.query(
    `INSERT INTO mirror_locations (id, name, timezone, address, as_of)
     SELECT *, $5::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [
      locations.map((l) => l.id),
      locations.map((l) => l.name),
      locations.map((l) => l.timezone),
      locations.map((l) => l.address),
      asOf.toISOString(),
    ],
  );
}

export async function insertTasks(db: MirrorDatabase, tasks: readonly Task[], batch = 20_000): Promise<void> {
  for (let start = 0; start < tasks.length; start += batch) {
    const part = tasks.slice(start, start + batch);
    const column = <T>(pick: (task: Task) => T) => part.map(pick);
    await db.sql.query(
      `INSERT INTO mirror_tasks (id, vehicle_id, mva, vin, task_type, status, location_id, location_name,
         started_at, odometer_miles, search_text)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::timestamptz[], $10::integer[], $11::text[])`,
      [
        column((t) => t.id),
        column((t) => t.vehicle_id),
        column((t) => t.mva),
        column((t) => t.vin),
        column((t) => t.task_type),
        column((t) => t.status),
        column((t) => t.location.id),
        column((t) => t.location.name),
        column((t) => t.started_at),
        column((t) => t.odometer_miles),
        column(taskSearchText),
      ],
    );
  }
}

/** Day slices covering [fromMs, toMs), each with the as_of `asOf` gives its start (null: never synced). */
export async function insertSlices(
  db: MirrorDatabase,
  fromMs: number,
  toMs: number,
  asOf: (startMs: number) => Date | null,
): Promise<void> {
  const starts: string[] = [];
  const ends: string[] = [];
  const asOfs: (string | null)[] = [];
  for (let start = fromMs; start < toMs; start += DAY_MS) {
    starts.push(new Date(start).toISOString());
    ends.push(new Date(Math.min(start + DAY_MS, toMs)).toISOString());
    asOfs.push(asOf(start)?.toISOString() ?? null);
  }
  await db.sql.query(
    `INSERT INTO mirror_windows (starts_at, ends_at, as_of)
     SELECT * FROM unnest($1::timestamptz[], $2::timestamptz[], $3::timestamptz[])`,
    [starts, ends, asOfs],
  );
}
