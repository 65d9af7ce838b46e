import "server-only";
import type { MirrorDb } from "../store/mirror-db";

// A persisted mirror is only worth serving for the service it was filled from. Pointed at another
// (a new VTS_BASE_URL or client), the dashboard empties it in one transaction before anyone reads
// it, and sync fills it again; what a request cannot find synced is answered live meanwhile.

/** `source` names the service and client (never a secret). */
export async function adoptSource(db: MirrorDb, source: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [state] = await tx.query<{ source: string | null }>(
      "SELECT source FROM mirror_sync_state FOR UPDATE",
    );
    if (state?.source === source) return;
    await tx.query("DELETE FROM mirror_tasks");
    await tx.query("DELETE FROM mirror_locations");
    await tx.query("UPDATE mirror_windows SET as_of = NULL, applied_at = NULL, task_count = 0");
    await tx.query("UPDATE mirror_sync_state SET source = $1, locations_as_of = NULL", [source]);
  });
}
