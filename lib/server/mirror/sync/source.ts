import "server-only";
import type { Location, Task, TaskChangePage, VtsClient } from "../../upstream";
import type { MirrorDb, MirrorExecutor } from "../store/mirror-db";

// The service the mirror is filled from: the calls sync makes of it, always at the budget's sync
// priority so people never wait behind them, and the one mirror it fills.

/** The service's calls sync makes, already bound to the budget's sync priority. */
export interface SyncSource {
  listTasks(
    query: { from: string; to: string; cursor: string | undefined },
    signal: AbortSignal,
  ): Promise<{ data: Task[]; next_cursor: string | null }>;
  listLocations(signal: AbortSignal): Promise<Location[]>;
  /** Undefined when the service offers no change feed. */
  listTaskChanges(
    from: { cursor: string } | "latest",
    signal: AbortSignal,
  ): Promise<TaskChangePage | undefined>;
}

/** How long a sync call may wait for a budget slot: people's traffic can hold it back a while. */
const SYNC_BUDGET_WAIT_MS = 5 * 60_000;

export function syncSource(client: VtsClient): SyncSource {
  const call = (signal: AbortSignal) => ({
    priority: "sync" as const,
    signal,
    deadlineMs: Date.now() + SYNC_BUDGET_WAIT_MS,
  });
  return {
    listTasks: (query, signal) => client.listTasks({ ...query, order: "asc" }, call(signal)),
    listLocations: (signal) => client.listLocations(call(signal)),
    listTaskChanges: (from, signal) => client.listTaskChanges(from, call(signal)),
  };
}

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
    await tx.query(
      `UPDATE mirror_sync_state SET source = $1, locations_as_of = NULL, feed_offered = NULL,
         feed_checked_at = NULL, feed_cursor = NULL, feed_since = NULL, feed_as_of = NULL`,
      [source],
    );
  });
}

/**
 * A write of a syncer whose mirror another instance has since adopted for another service (a
 * deploy that changed VTS_BASE_URL or the client, the old instance still leading): what it read
 * is the old service's, and must not be written under the new one's name.
 */
export class SourceReplaced extends Error {
  constructor(adopted: string, now: string | null) {
    super(
      `mirror sync: the mirror now mirrors ${now ?? "no service"}, not ${adopted} as this instance ` +
        "does; this instance stops syncing and leaves it to one that does",
    );
  }
}

/**
 * `write` in one transaction that first checks the mirror still mirrors `adopted`, and otherwise
 * throws SourceReplaced and writes nothing (undefined: the caller adopted none, and writes
 * whatever the mirror mirrors). The row stays locked against another adoption until it commits.
 */
export function writeAsAdopted<T>(
  db: MirrorDb,
  adopted: string | undefined,
  write: (tx: MirrorExecutor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (adopted !== undefined) {
      const [state] = await tx.query<{ source: string | null }>(
        "SELECT source FROM mirror_sync_state FOR SHARE",
      );
      const now = state?.source ?? null;
      if (now !== adopted) throw new SourceReplaced(adopted, now);
    }
    return write(tx);
  });
}
