import "server-only";
import pg from "pg";
import { SILENT_SYNC_LOG, type SyncLog } from "./status";

// One syncer per deployment. On a shared PostgreSQL the leader holds a session advisory lock on a
// connection of its own: when its process dies the server ends the session and frees the lock,
// and another instance's next try (every few seconds) takes it. A host that vanishes without
// closing its connection (a crash, a partition) is noticed by the server's TCP keepalives within
// about 25 s. PGlite has one process: it leads.

const LEADER_LOCK_KEY = 7_315_114;

export interface Leadership {
  /** Whether this instance leads now; tries to become leader when it does not. */
  check(): Promise<boolean>;
  release(): Promise<void>;
}

export const soleLeadership: Leadership = {
  check: () => Promise.resolve(true),
  release: () => Promise.resolve(),
};

export function advisoryLeadership(connectionString: string, log: SyncLog = SILENT_SYNC_LOG): Leadership {
  let client: pg.Client | undefined;
  let held = false;
  const drop = async () => {
    const lost = client;
    client = undefined;
    held = false;
    // Dropped because it failed, or at a stop: the server frees the lock with the session either
    // way, so a connection that will not even close cleanly costs nothing more.
    await lost
      ?.end()
      .catch((error: unknown) => log.debug("mirror leadership: connection not closed cleanly", error));
  };
  return {
    async check() {
      try {
        if (!client) {
          const fresh = new pg.Client({
            connectionString,
            connectionTimeoutMillis: 5_000,
            keepAlive: true,
            keepAliveInitialDelayMillis: 10_000,
          });
          // A lost connection must not crash the dashboard; the next check notices and drops it.
          fresh.on("error", (error) => {
            log.debug("mirror leadership: lock connection lost", error);
            void drop();
          });
          client = fresh;
          await fresh.connect();
          await fresh.query(
            "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3",
          );
        }
        if (held) {
          await client.query("SELECT 1");
          return true;
        }
        const [row] = (
          await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
            LEADER_LOCK_KEY,
          ])
        ).rows;
        held = row?.locked === true;
        return held;
      } catch (error) {
        // Not leading is the safe answer: the syncer waits and asks again, and a database that
        // stays out of reach shows in every read of the mirror, which are logged louder.
        log.debug("mirror leadership: lock not checked; not leading until the next check", error);
        await drop();
        return false;
      }
    },
    release: drop,
  };
}
