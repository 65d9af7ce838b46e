import "server-only";
import type { MirrorExecutor } from "../store/mirror-db";

// What the leader writes down for every instance's GET /api/mirror: who leads, the calls it spent,
// its last error.

export async function recordLeader(db: MirrorExecutor, instance: string): Promise<void> {
  await db.query("UPDATE mirror_sync_state SET leader = $1, leader_since = now()", [instance]);
}

export async function recordSyncCall(db: MirrorExecutor): Promise<void> {
  await db.query("INSERT INTO mirror_sync_calls (at) VALUES (now())");
}

/** Calls older than the status's longest span (an hour) are of no more use. */
export async function pruneSyncCalls(db: MirrorExecutor): Promise<void> {
  await db.query("DELETE FROM mirror_sync_calls WHERE at < now() - interval '1 hour'");
}

/** Kept after later successes too: an operator asks "what went wrong last, and when". */
export async function recordSyncError(db: MirrorExecutor, message: string): Promise<void> {
  await db.query("UPDATE mirror_sync_state SET last_error = $1, last_error_at = now()", [message]);
}
