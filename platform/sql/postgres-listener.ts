// LISTEN on a connection of its own (a pooled connection is handed to other work between queries,
// and would stop listening when it is recycled), kept alive across losses of the server.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ChangeFeed, Subscription } from "./sql-db";

export interface ListenerOptions {
  /**
   * Sends NOTIFY on the channel the way the application's writes reach the server (its pool). The
   * probe goes this way, not through the listening connection: behind a transaction-mode pooler
   * LISTEN succeeds but nothing is delivered, and only a notification that makes the round trip
   * shows that changes would.
   */
  notify(channel: string, payload: string): Promise<void>;
  probeEveryMs?: number;
  probeTimeoutMs?: number;
}

/** A dead connection that no error reports (a dropped NAT entry, a frozen host) is found this fast. */
const PROBE_EVERY_MS = 5_000;
/** From the moment the server took the probe's NOTIFY (a busy pool may make the sending wait). */
const PROBE_TIMEOUT_MS = 3_000;
const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];
const PROBE_PREFIX = "~probe:";

interface Probe {
  payload: string;
  sentAt: number;
  /** Set once the server took the NOTIFY: from then on it must arrive within the timeout. */
  timer: NodeJS.Timeout | undefined;
}

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error("listening failed", { cause: error });

/** Every listener's probes reach every listener on the channel; none of them is a change. */
export const isProbePayload = (payload: string) => payload.startsWith(PROBE_PREFIX);

export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  feed: ChangeFeed,
  options: ListenerOptions,
): Promise<Subscription> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const probeEveryMs = options.probeEveryMs ?? PROBE_EVERY_MS;
  const probeTimeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  let closed = false;
  let current: pg.Client | undefined;
  let listening = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let probing: Probe | undefined;

  // pg's messages name host, user and database at most, but a URL never belongs in a log line.
  const report = (what: string, error?: unknown) => {
    const message = error instanceof Error ? error.message : "";
    feed.onTrouble?.(
      `${what}${message ? `: ${message.split(connectionString).join("[DATABASE_URL]")}` : ""}`,
    );
  };

  const endProbe = () => {
    clearTimeout(probing?.timer);
    probing = undefined;
  };

  const lose = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    endProbe();
    client.removeAllListeners("notification");
    // Its failure was reported (or it timed out a probe); a connection that will not even close
    // cleanly says so too, once: the server drops the session with the socket either way.
    void client
      .end()
      .catch((error: unknown) => report("could not close the lost listening connection", error));
    if (listening) {
      listening = false;
      feed.onListening(false);
    }
    if (closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    // connect() reports its own failure and schedules the next try (through lose).
    reconnectTimer = setTimeout(() => void connect(), delay);
    reconnectTimer.unref();
  };

  /** Resolves with why the connection could not listen (reported already), or undefined. */
  const connect = async (): Promise<Error | undefined> => {
    const client = new pg.Client({
      connectionString,
      // So an operator can tell it apart in pg_stat_activity (and a test can find it).
      application_name: `${channel} listener`,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    client.on("error", (error) => {
      if (client === current) report("listening connection failed", error);
      lose(client);
    });
    client.on("end", () => lose(client));
    client.on("notification", (message) => {
      if (message.channel !== channel) return;
      const payload = message.payload ?? "";
      if (!isProbePayload(payload)) feed.onNotify(payload);
      else if (client === current && payload === probing?.payload) {
        endProbe();
        if (listening) return;
        // Delivery shown to work, also on the first connect: a subscriber may have read state
        // before LISTEN took hold.
        failures = 0;
        listening = true;
        feed.onListening(true);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (client === current) report("could not listen", error);
      lose(client);
      return asError(error);
    }
    // Listening is reported once a probe made the round trip: LISTEN itself succeeds where nothing
    // is ever delivered.
    if (client === current) sendProbe(client);
    return undefined;
  };

  const sendProbe = (client: pg.Client) => {
    const sent: Probe = { payload: `${PROBE_PREFIX}${randomUUID()}`, sentAt: Date.now(), timer: undefined };
    probing = sent;
    options.notify(channel, sent.payload).then(
      () => {
        if (probing !== sent) return;
        sent.timer = setTimeout(() => {
          if (probing !== sent) return;
          report(`probe notification not delivered within ${probeTimeoutMs} ms`);
          lose(client);
        }, probeTimeoutMs);
        sent.timer.unref();
      },
      (error: unknown) => {
        if (probing !== sent) return;
        report("could not send the probe notification", error);
        lose(client);
      },
    );
  };

  const probe = setInterval(() => {
    const client = current;
    if (!client) return;
    if (probing) {
      // Its NOTIFY has not even reached the server in a whole period: nothing shows delivery works.
      if (Date.now() - probing.sentAt > probeEveryMs + probeTimeoutMs) {
        report("probe notification not sent in time");
        lose(client);
      }
      return;
    }
    if (listening) sendProbe(client);
  }, probeEveryMs);
  probe.unref();

  // A failure to even build the client (a malformed URL) throws rather than resolves: both end here.
  const failure = await connect().catch(asError);
  if (failure !== undefined) {
    closed = true;
    clearInterval(probe);
    clearTimeout(reconnectTimer);
    throw failure;
  }

  return {
    async close() {
      closed = true;
      clearInterval(probe);
      clearTimeout(reconnectTimer);
      endProbe();
      const client = current;
      current = undefined;
      // Closing is all that is left to do with it; a failure is worth a line, not a failed close.
      await client
        ?.end()
        .catch((error: unknown) => report("could not close the listening connection", error));
    },
  };
}
