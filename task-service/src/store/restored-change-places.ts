// A task's place in the change feed is the id of the transaction that last changed it (xid8), and
// such ids mean something only on the database server that assigned them. A store copied onto
// another server (pg_dump and pg_restore, a logical copy) brings places counted by the old server,
// ahead of every id the new one will assign for a long while: the feed would hold those tasks back
// as if still being written, and a cursor issued before the copy would lie past every new change,
// so its reader would miss them all. A data directory's copy keeps its server's count and is not
// affected.
import { CURSOR_KEY_SETTING, newCursorKey } from "../pagination/cursor-codec";
import { writeSetting } from "../repositories/settings-repository";
import { holdDataWriteLock } from "./data-write-lock";
import type { SqlExecutor, Store } from "./store";

/** Whether a task's place lies at or past the next transaction id this server will assign. */
async function placesAhead(db: SqlExecutor): Promise<boolean> {
  const [row] = await db.query<{ ahead: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM tasks WHERE change_xid >= pg_snapshot_xmax(pg_current_snapshot())) AS ahead",
  );
  return row?.ahead === true;
}

/**
 * When the store came from another server, gives every task one place in this server's count (the
 * feed then lists them all again, from its beginning) and a new cursor key, which refuses every
 * cursor issued before: their readers start again, as after a sandbox generated anew. True when it
 * did. Instances starting together wait for one another; the first does it, once.
 */
export async function restartFeedOfRestoredStore(store: Store): Promise<boolean> {
  if (!(await placesAhead(store))) return false;
  return store.transaction(async (tx) => {
    await holdDataWriteLock(tx);
    if (!(await placesAhead(tx))) return false;
    await tx.query("UPDATE tasks SET change_xid = pg_current_xact_id()");
    await writeSetting(tx, CURSOR_KEY_SETTING, newCursorKey());
    return true;
  });
}
