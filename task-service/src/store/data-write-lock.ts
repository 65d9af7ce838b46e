import type { SqlExecutor } from "./store";

/**
 * Takes, until the transaction ends, the lock every writer of tasks or locations holds (the
 * imports, the sandbox's generation). Each task keeps its wire JSON, location name included
 * (migration 3), and a write reads that name in its own snapshot: on PostgreSQL, a task import
 * running beside a location's rename would otherwise write the old name after the rename's trigger
 * had rewritten the tasks it could see, and no later write would mend it.
 */
export async function holdDataWriteLock(tx: SqlExecutor): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [DATA_WRITE_LOCK]);
}

const DATA_WRITE_LOCK = 7_315_002;
