// The clients /v1 requests are checked against, held in memory so a request costs no database round
// trip, and dropped the moment the database says a client changed (the clients_notify trigger, so
// every writer is covered: the CLI, another instance, plain SQL).
//
// What is promised: a request is checked against the client as the store held it once this
// instance has received the change's notification. The trigger sends it in the changing transaction,
// and PostgreSQL delivers it at commit, so "revoked" reaches every listening instance within about
// one network hop of the commit (PGlite, in process: before the revoking statement returns). While the
// listening connection is down nothing is cached and every request reads the store, as before; after
// it comes back the cache starts empty, since notifications sent meanwhile are lost.
import { LRUCache } from "lru-cache";
import { isProbePayload } from "../../../platform/sql/postgres-listener";
import type { Store } from "../store/store";
import { findClient, type ClientRecord } from "../repositories/clients-repository";

export const CLIENT_CHANGES_CHANNEL = "vts_client_changes";
/** The trigger's payload when it cannot name the rows (TRUNCATE). */
const EVERY_CLIENT = "*";
// A bound on staleness for what notifications cannot see (a session with triggers disabled through
// session_replication_role); it costs one read per client and minute.
const MAX_AGE_MS = 60_000;

/** Where the directory says whether it trusts its cache, and why the listening connection failed. */
export interface ClientDirectoryLog {
  info(message: string): void;
  warn(message: string): void;
}

const SILENT: ClientDirectoryLog = { info: () => {}, warn: () => {} };

export class ClientDirectory {
  private readonly cache = new LRUCache<string, { record: ClientRecord | undefined }>({
    max: 10_000,
    ttl: MAX_AGE_MS,
  });
  /** Only while listening can a cached client be trusted; until then every request reads the store. */
  private listening = false;
  /** Bumped by every notification and gap, so a read that raced one is used once, not kept. */
  private generation = 0;
  private subscription: { close(): Promise<void> } | undefined;

  private constructor(
    private readonly store: Store,
    private readonly log: ClientDirectoryLog,
  ) {}

  static async open(store: Store, log: ClientDirectoryLog = SILENT): Promise<ClientDirectory> {
    const directory = new ClientDirectory(store, log);
    directory.subscription = await store.listen(CLIENT_CHANGES_CHANNEL, {
      onNotify: (payload) => directory.forget(payload),
      onListening: (listening) => {
        directory.restart(listening);
        if (listening) log.info("client cache on: listening for client changes");
        else
          log.warn("client cache off: every request reads its client from the store until listening again");
      },
      onTrouble: (message) => log.warn(`client changes: ${message}`),
    });
    return directory;
  }

  async find(clientId: string): Promise<ClientRecord | undefined> {
    if (this.listening) {
      const hit = this.cache.get(clientId);
      if (hit) return hit.record;
    }
    const generation = this.generation;
    const record = await findClient(this.store, clientId);
    // A notification that arrived during the read may be about a commit the read did not see.
    if (this.listening && generation === this.generation) this.cache.set(clientId, { record });
    return record;
  }

  async close(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
    this.restart(false);
  }

  private forget(clientId: string): void {
    // A listener's liveness probe names no client; the listener drops them, this makes sure.
    if (isProbePayload(clientId)) return;
    this.generation += 1;
    if (clientId === EVERY_CLIENT) this.cache.clear();
    else this.cache.delete(clientId);
  }

  private restart(listening: boolean): void {
    this.generation += 1;
    this.cache.clear();
    this.listening = listening;
  }
}
