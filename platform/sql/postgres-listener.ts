// LISTEN on a connection of its own (a pooled connection is handed to other work between queries,
// and would stop listening when it is recycled), kept alive across losses of the server.
import pg from "pg";
import type { ChangeFeed, Subscription } from "./sql-db";

/** A dead connection that no error reports (a dropped NAT entry, a frozen host) is found this fast. */
const PROBE_EVERY_MS = 5_000;
const PROBE_TIMEOUT_MS = 3_000;
const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  feed: ChangeFeed,
): Promise<Subscription> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let closed = false;
  let current: pg.Client | undefined;
  let listening = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    client.removeAllListeners("notification");
    void client.end().catch(() => {});
    if (listening) {
      listening = false;
      feed.onListening(false);
    }
    if (closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    reconnectTimer = setTimeout(() => void connect().catch(() => {}), delay);
    reconnectTimer.unref();
  };

  const connect = async () => {
    const client = new pg.Client({
      connectionString,
      // So an operator can tell it apart in pg_stat_activity (and a test can find it).
      application_name: `${channel} listener`,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    client.on("error", () => lose(client));
    client.on("end", () => lose(client));
    client.on("notification", (message) => {
      if (message.channel === channel) feed.onNotify(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      lose(client);
      throw error;
    }
    if (client !== current) return;
    failures = 0;
    // Also on the first connect: a subscriber may have read state before LISTEN took hold.
    listening = true;
    feed.onListening(true);
  };

  const probe = setInterval(() => {
    const client = current;
    if (!client || !listening) return;
    const timeout = setTimeout(() => lose(client), PROBE_TIMEOUT_MS);
    client.query("SELECT 1").then(
      () => clearTimeout(timeout),
      () => {
        clearTimeout(timeout);
        lose(client);
      },
    );
  }, PROBE_EVERY_MS);
  probe.unref();

  try {
    await connect();
  } catch (error) {
    closed = true;
    clearInterval(probe);
    clearTimeout(reconnectTimer);
    throw error;
  }

  return {
    async close() {
      closed = true;
      clearInterval(probe);
      clearTimeout(reconnectTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
