// The migration runner hands each migration to the server whole, so SQL that a statement splitter
// would cut wrongly ('$$' and '--' in a literal, $fn$-quoted bodies) applies as written.
import { describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../../platform/sql/migrate";
import { createDatabase } from "../../../harness/local-postgres";
import { openStore } from "../../src/store/open-store";

const AWKWARD_SQL = `
CREATE TABLE notes (body text NOT NULL); -- a comment that holds $$ and a ;
INSERT INTO notes VALUES ('costs $$; not a body'), ('-- not a comment; either');
CREATE FUNCTION note_count() RETURNS bigint LANGUAGE plpgsql AS $fn$
  BEGIN
    RETURN (SELECT count(*) FROM notes); -- a comment inside the body
  END
$fn$;
`;

const stores = [
  ["PGlite", async () => openStore({ databaseUrl: undefined, dataDir: undefined })],
  [
    "PostgreSQL",
    async () =>
      openStore({
        databaseUrl: await createDatabase(inject("postgresUrl"), `sql_migrations_${Date.now()}`),
        dataDir: undefined,
      }),
  ],
] as const;

describe.each(stores)("migrations on %s", (_name, open) => {
  it("apply SQL with quoted semicolons, dollar signs and dashes as written, once", async () => {
    const store = await open();
    try {
      const plan = {
        table: "awkward_migrations",
        lockKey: 4_242,
        migrations: [{ id: 1, name: "awkward", sql: AWKWARD_SQL }],
      };
      await applyMigrations(store, plan);
      await applyMigrations(store, plan);
      const notes = await store.query<{ body: string }>("SELECT body FROM notes ORDER BY body");
      expect(notes.map((row) => row.body)).toEqual(["-- not a comment; either", "costs $$; not a body"]);
      expect(await store.query("SELECT note_count() AS n")).toEqual([{ n: 2 }]);
    } finally {
      await store.close();
    }
  });

  it("rolls a failing migration back whole, recording nothing", async () => {
    const store = await open();
    try {
      const plan = {
        table: "failing_migrations",
        lockKey: 4_243,
        migrations: [
          { id: 1, name: "half", sql: "CREATE TABLE half_done (id int); SELECT no_such_function();" },
        ],
      };
      await expect(applyMigrations(store, plan)).rejects.toThrow(/no_such_function/);
      const tables = await store.query(
        "SELECT 1 FROM pg_tables WHERE tablename IN ('half_done', 'failing_migrations')",
      );
      expect(tables).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
