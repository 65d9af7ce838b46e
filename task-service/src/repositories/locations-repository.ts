// Reads and writes locations.
import type { LocationRecord } from "../domain/records";
import type { SqlExecutor } from "../store/store";

export async function listLocations(db: SqlExecutor): Promise<LocationRecord[]> {
  return db.query<LocationRecord>("SELECT id, name, timezone, address FROM locations ORDER BY id");
}

export async function existingLocationIds(db: SqlExecutor, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>("SELECT id FROM locations WHERE id = ANY($1::text[])", [ids]);
  return new Set(rows.map((row) => row.id));
}

export async function upsertLocations(db: SqlExecutor, locations: readonly LocationRecord[]): Promise<void> {
  if (locations.length === 0) return;
  await db.query(
    `INSERT INTO locations (id, name, timezone, address)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, timezone = EXCLUDED.timezone,
       address = EXCLUDED.address, updated_at = now()`,
    [
      locations.map((location) => location.id),
      locations.map((location) => location.name),
      locations.map((location) => location.timezone),
      locations.map((location) => location.address),
    ],
  );
}
