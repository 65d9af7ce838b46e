// A read marked prepared (QueryOptions in platform/sql/sql-db.ts) is parsed once per connection on
// PostgreSQL, and answers exactly what the same statement sent plain answers, also after the
// server has had the five runs after which it may keep one plan for every value.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scratchDatabase } from "../../../harness/local-postgres";
import { openPostgresDb } from "../../../platform/sql/postgres-db";
import type { SqlDb } from "../../../platform/sql/sql-db";

const READ = "SELECT n, label FROM numbers WHERE n > $1 ORDER BY n DESC LIMIT $2";
const heldTexts = (db: SqlDb) =>
  db.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements ORDER BY statement");

describe("prepared reads on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let db: SqlDb;

  beforeAll(async () => {
    database = await scratchDatabase(inject("postgresUrl"), "prepared_reads");
    // One connection: the session that prepared a statement is the one asked what it holds.
    db = await openPostgresDb({ connectionString: database.url, poolSize: 1 });
    await db.exec(`CREATE TABLE numbers (n integer PRIMARY KEY, label text NOT NULL);
      INSERT INTO numbers SELECT i, 'n' || i FROM generate_series(1, 500) AS i; ANALYZE numbers`);
  });

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it("answers as the plain statement does, for every value, and is parsed once", async () => {
    for (const [after, limit] of [
      [0, 3],
      [490, 20],
      [250, 1],
      [499, 5],
      [500, 5],
      [10, 2],
      [0, 500],
      [300, 7],
    ]) {
      const plain = await db.query<{ n: number; label: string }>(READ, [after, limit]);
      expect(await db.query(READ, [after, limit], { prepared: true })).toEqual(plain);
      const arrays = await db.queryValues<[number, string]>(READ, [after, limit], { prepared: true });
      expect(arrays).toEqual(plain.map((row) => [row.n, row.label]));
    }
    expect((await heldTexts(db)).map((row) => row.statement)).toEqual([READ]);
  });

  it("leaves an unmarked statement unprepared, and prepares in a transaction too", async () => {
    const other = "SELECT count(*)::integer AS c FROM numbers WHERE n <= $1";
    expect(await db.query(other, [10])).toEqual([{ c: 10 }]);
    expect((await heldTexts(db)).map((row) => row.statement)).not.toContain(other);
    const inTransaction = await db.transaction((tx) =>
      tx.query<{ c: number }>(other, [20], { prepared: true }),
    );
    expect(inTransaction).toEqual([{ c: 20 }]);
    expect((await heldTexts(db)).map((row) => row.statement)).toContain(other);
  });
});
