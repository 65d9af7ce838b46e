import "server-only";
import type { MirrorDb } from "../store/mirror-db";
import type { Location } from "../../upstream";

// The service's locations, replaced whole in one transaction (a few dozen rows, one call).

export async function applyLocations(
  db: MirrorDb,
  locations: readonly Location[],
  asOf: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
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
