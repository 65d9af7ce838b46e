// What the store's LISTEN promises its subscribers (platform/sql/sql-db.ts, ChangeFeed): that it
// says when it listens, that a change arrives, and that a listening connection which no longer
// delivers (LISTEN behind a transaction-mode pooler) is never trusted.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listenOnPostgres } from "../../../platform/sql/postgres-listener";
import type { ChangeFeed } from "../../../platform/sql/sql-db";
import { eventually } from "../../../harness/eventually";
import { scratchDatabase } from "../../../harness/local-postgres";
import { sleep } from "../../../harness/raw-http";
import { openStore } from "../../src/store/open-store";

const CHANNEL = "change_feed_test";
const FAST_PROBES = { probeEveryMs: 100, probeTimeoutMs: 400 };

function recordingFeed() {
  const seen = { notified: [] as string[], listening: [] as boolean[], trouble: [] as string[] };
  const feed: ChangeFeed = {
    onNotify: (payload) => seen.notified.push(payload),
    onListening: (listening) => seen.listening.push(listening),
    onTrouble: (message) => seen.trouble.push(message),
  };
  return { seen, feed };
}

describe("PGlite", () => {
  it("says it listens once LISTEN is in place, and delivers a change", async () => {
    const store = await openStore({ databaseUrl: undefined, dataDir: undefined });
    try {
      const { seen, feed } = recordingFeed();
      const subscription = await store.listen(CHANNEL, feed);
      expect(seen.listening).toEqual([true]);
      await store.query("SELECT pg_notify($1, 'a')", [CHANNEL]);
      expect(seen.notified).toEqual(["a"]);
      await subscription.close();
    } finally {
      await store.close();
    }
  });
});

describe("PostgreSQL listener", () => {
  let here: Awaited<ReturnType<typeof scratchDatabase>>;
  let elsewhere: Awaited<ReturnType<typeof scratchDatabase>>;
  let hereSql: pg.Client;
  let elsewhereSql: pg.Client;
  const notifyThrough = (client: pg.Client) => ({
    ...FAST_PROBES,
    async notify(channel: string, payload: string) {
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
  });

  beforeAll(async () => {
    here = await scratchDatabase(inject("postgresUrl"), "change_feed");
    elsewhere = await scratchDatabase(inject("postgresUrl"), "change_feed_other");
    hereSql = new pg.Client({ connectionString: here.url });
    elsewhereSql = new pg.Client({ connectionString: elsewhere.url });
    await Promise.all([hereSql.connect(), elsewhereSql.connect()]);
  });
  afterAll(async () => {
    await Promise.all([hereSql?.end(), elsewhereSql?.end()]);
    await Promise.all([here?.drop(), elsewhere?.drop()]);
  });

  it("keeps listening while its probes make the round trip, and passes on changes but no probe", async () => {
    const { seen, feed } = recordingFeed();
    const subscription = await listenOnPostgres(here.url, CHANNEL, feed, notifyThrough(hereSql));
    try {
      // Ten probe periods, each probe delivered.
      await sleep(1_000);
      await hereSql.query("SELECT pg_notify($1, 'client_a')", [CHANNEL]);
      await eventually(async () => seen.notified.length > 0, 5_000, 25);
      expect(seen.notified).toEqual(["client_a"]);
      expect(seen.listening).toEqual([true]);
      expect(seen.trouble).toEqual([]);
    } finally {
      await subscription.close();
    }
  });

  it("never reports listening while its probe is sent but never delivered, as behind a transaction pooler", async () => {
    // The writes reach another session than the one listening, as a transaction-mode pooler does;
    // here another database, where a NOTIFY reaches no listener of this one. A plain query on the
    // listening connection still succeeds.
    const { seen, feed } = recordingFeed();
    const subscription = await listenOnPostgres(here.url, CHANNEL, feed, notifyThrough(elsewhereSql));
    try {
      // On a loaded machine a probe's NOTIFY may itself take longer than a period to be sent, which
      // is reported too (and the listener reconnects); a later probe is sent in time and then
      // never delivered, which is what this test is after.
      const undelivered = (trouble: string) =>
        trouble.includes("probe notification not delivered within 400 ms");
      await eventually(async () => seen.trouble.some(undelivered), 10_000, 25);
      // Never trusted: listening is reported only once a probe made the round trip.
      expect(seen.listening).toEqual([]);
    } finally {
      await subscription.close();
    }
  });

  it("tells why it stopped listening, without the connection string", async () => {
    const { seen, feed } = recordingFeed();
    const subscription = await listenOnPostgres(here.url, CHANNEL, feed, notifyThrough(hereSql));
    try {
      // Listening is reported once the first probe made its round trip: end the connection after
      // that, or the loss would come before any "listening" and the sequence below could not start.
      await eventually(async () => seen.listening.length >= 1, 5_000, 25);
      await hereSql.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
        [`${CHANNEL} listener`],
      );
      await eventually(async () => seen.listening.length >= 3, 10_000, 25);
      expect(seen.listening.slice(0, 3)).toEqual([true, false, true]);
      expect(seen.trouble.length).toBeGreaterThan(0);
      const url = new URL(here.url);
      for (const message of seen.trouble) {
        expect(message).not.toContain(here.url);
        if (url.password) expect(message).not.toContain(url.password);
      }
    } finally {
      await subscription.close();
    }
  });
});
