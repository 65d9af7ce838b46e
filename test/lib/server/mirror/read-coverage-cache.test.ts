import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scratchDatabase } from "@/harness/local-postgres";
import { CoverageCache } from "@/lib/server/mirror/read/coverage-cache";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";

// An instance keeps the coverage verdict in memory and drops it when the database says a slice
// changed. To tell "held in memory" from "read again", a test changes as_of with triggers off for
// its session (session_replication_role = replica): no notification, so an instance that holds its
// snapshot keeps answering the old as_of, and one that reads SQL answers the new one.

const DAY_MS = 86_400_000;
const START = Date.parse("2026-05-01T00:00:00Z");
const day = (n: number) => new Date(START + n * DAY_MS).toISOString();
const RANGE = { from: day(1), to: day(4) };
const at = (minute: number) => new Date(Date.parse("2026-06-01T00:00:00Z") + minute * 60_000);

/** A MirrorDb, or a plain client whose writes no trigger notices. */
interface Writer {
  query(text: string, params: unknown[]): Promise<unknown>;
}

async function fillWindows(db: Writer, asOf: Date): Promise<void> {
  await db.query(
    `INSERT INTO mirror_windows (starts_at, ends_at, as_of)
     SELECT s, s + interval '1 day', $2::timestamptz
     FROM generate_series($1::timestamptz, $1::timestamptz + interval '4 days', interval '1 day') AS s`,
    [day(0), asOf.toISOString()],
  );
}

const setAsOf = (db: Pick<MirrorDb, "query">, asOf: Date) =>
  db.query("UPDATE mirror_windows SET as_of = $1::timestamptz", [asOf.toISOString()]);

/** as_of changed with triggers off for this session: no notification goes out. */
async function setAsOfUnnoticed(db: Pick<MirrorDb, "query" | "exec">, asOf: Date): Promise<void> {
  await db.exec("SET session_replication_role = replica");
  await setAsOf(db, asOf);
  await db.exec("RESET session_replication_role");
}

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(10);
  }
}

const asOfOf = async (cache: CoverageCache, range: typeof RANGE | "horizon" = RANGE) => {
  const coverage = await cache.coverage(range);
  return coverage.state === "ready" ? coverage.asOf.toISOString() : coverage.state;
};

describe("coverage kept in memory on PGlite", () => {
  let db: MirrorDb;
  let cache: CoverageCache;

  beforeAll(async () => {
    db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
    cache = new CoverageCache(db);
    await cache.start();
  });
  afterAll(async () => {
    await cache?.close();
    await db?.close();
  });

  it("holds the verdict until a slice changes, and answers from the change at once", async () => {
    expect(cache.trusted).toBe(true);
    await fillWindows(db, at(1));
    expect(await asOfOf(cache)).toBe(at(1).toISOString());

    await setAsOfUnnoticed(db, at(2));
    expect(await asOfOf(cache)).toBe(at(1).toISOString());
    // What every mirrored request writes (noteViewed) is no change of the verdict.
    await db.query("UPDATE mirror_windows SET viewed_at = now()");
    expect(await asOfOf(cache)).toBe(at(1).toISOString());

    // In process, the notification comes before the committing statement returns.
    await setAsOf(db, at(3));
    expect(await asOfOf(cache)).toBe(at(3).toISOString());
    await db.transaction((tx) => setAsOf(tx, at(4)));
    expect(await asOfOf(cache)).toBe(at(4).toISOString());
    await db.query("DELETE FROM mirror_windows WHERE starts_at = $1::timestamptz", [day(2)]);
    expect(await asOfOf(cache)).toBe("outside_horizon");
    expect(await asOfOf(cache, "horizon")).toBe("outside_horizon");
    await db.exec("TRUNCATE mirror_windows");
    await fillWindows(db, at(5));
    expect(await asOfOf(cache, "horizon")).toBe(at(5).toISOString());
  });

  it("reads the slices again once its snapshot is older than its limit, told of a change or not", async () => {
    const aging = new CoverageCache(db, undefined, 300);
    await aging.start();
    try {
      await db.exec("TRUNCATE mirror_windows");
      await fillWindows(db, at(1));
      expect(await asOfOf(aging)).toBe(at(1).toISOString());
      await setAsOfUnnoticed(db, at(2));
      expect(await asOfOf(aging)).toBe(at(1).toISOString());
      await sleep(350);
      expect(await asOfOf(aging)).toBe(at(2).toISOString());
    } finally {
      await aging.close();
    }
  });

  it("never keeps a snapshot whose read began before a change it was told of", async () => {
    // The snapshot's read is held after it ran until the change has been committed and notified.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const slow: MirrorDb = {
      ...db,
      async query<Row>(text: string, params?: readonly unknown[]) {
        const rows = await db.query<Row>(text, params);
        if (holding && text.includes("FROM mirror_windows ORDER BY starts_at")) await held;
        return rows;
      },
    };
    const racing = new CoverageCache(slow);
    await racing.start();
    try {
      await setAsOf(db, at(7));
      const first = asOfOf(racing);
      await sleep(20);
      await setAsOf(db, at(8));
      holding = false;
      release();
      // The request came before the change: the state before it is a fair answer to it.
      expect(await first).toBe(at(7).toISOString());
      expect(await asOfOf(racing)).toBe(at(8).toISOString());
    } finally {
      await racing.close();
    }
  });

  it("reads SQL once closed", async () => {
    const closing = new CoverageCache(db);
    await closing.start();
    expect(await asOfOf(closing)).toBe(at(8).toISOString());
    await closing.close();
    expect(closing.trusted).toBe(false);
    await setAsOfUnnoticed(db, at(6));
    expect(await asOfOf(closing)).toBe(at(6).toISOString());
  });
});

describe("coverage kept in memory by instances sharing a PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: MirrorDb;
  let b: MirrorDb;
  let cacheB: CoverageCache;
  /** Writes nothing notices: triggers off for its session. */
  let quiet: pg.Client;

  beforeAll(async () => {
    database = await scratchDatabase(inject("postgresUrl"), "mirror_coverage_cache");
    const open = () => openMirrorDb({ databaseUrl: database.url, dataDir: undefined });
    a = await open();
    b = await open();
    cacheB = new CoverageCache(b);
    await cacheB.start();
    quiet = new pg.Client({ connectionString: database.url });
    await quiet.connect();
    await quiet.query("SET session_replication_role = replica");
  });
  afterAll(async () => {
    await quiet?.end();
    await cacheB?.close();
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it("B drops its snapshot on A's change and never answers the old as_of after it", async () => {
    await until("B listening", () => cacheB.trusted);
    // Quietly, so no notification of the fill can reach B after its first read.
    await fillWindows(quiet, at(1));
    expect(await asOfOf(cacheB)).toBe(at(1).toISOString());
    await quiet.query("UPDATE mirror_windows SET as_of = $1::timestamptz", [at(2).toISOString()]);
    for (let i = 0; i < 10; i += 1) {
      expect(await asOfOf(cacheB)).toBe(at(1).toISOString());
      await sleep(20);
    }

    // NOTIFY is asynchronous: B may answer the old as_of until the notification is in, never after.
    await setAsOf(a, at(3));
    await until("B sees A's change", async () => (await asOfOf(cacheB)) === at(3).toISOString());
    for (let i = 0; i < 20; i += 1) expect(await asOfOf(cacheB)).toBe(at(3).toISOString());
  });

  it("B reads SQL while its listening connection is lost, and holds a snapshot again once back", async () => {
    await until("B listening", () => cacheB.trusted);
    await a.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'mirror_windows_changed listener' AND datname = current_database()`,
    );
    await until("B not listening", () => !cacheB.trusted);
    await quiet.query("UPDATE mirror_windows SET as_of = $1::timestamptz", [at(4).toISOString()]);
    expect(await asOfOf(cacheB)).toBe(at(4).toISOString());

    await until("B listening again", () => cacheB.trusted);
    expect(await asOfOf(cacheB)).toBe(at(4).toISOString());
    await quiet.query("UPDATE mirror_windows SET as_of = $1::timestamptz", [at(5).toISOString()]);
    expect(await asOfOf(cacheB)).toBe(at(4).toISOString());
    await setAsOf(a, at(6));
    await until("B sees A's change", async () => (await asOfOf(cacheB)) === at(6).toISOString());
  });
});
