import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scratchDatabase } from "@/harness/local-postgres";
import { openMirrorDb } from "@/lib/server/mirror/store/mirror-db";

// A shared PostgreSQL: dashboard instances starting together migrate it once between them.

let database: Awaited<ReturnType<typeof scratchDatabase>>;
beforeAll(async () => {
  database = await scratchDatabase(inject("postgresUrl"), "mirror_store");
});
afterAll(async () => {
  await database.drop();
});

describe("the mirror on a shared PostgreSQL", () => {
  it("is migrated once when three instances start at the same moment", async () => {
    const dbs = await Promise.all(
      [1, 2, 3].map(() => openMirrorDb({ databaseUrl: database.url, dataDir: undefined })),
    );
    try {
      const [db] = dbs;
      const applied = await db!.query<{ id: number }>("SELECT id FROM mirror_migrations ORDER BY id");
      expect(applied.length).toBeGreaterThanOrEqual(2);
      expect(new Set(applied.map((row) => row.id)).size).toBe(applied.length);
      expect(await db!.query("SELECT count(*)::int AS n FROM mirror_sync_state")).toEqual([{ n: 1 }]);
      expect(dbs.every((each) => each.kind === "postgres")).toBe(true);
    } finally {
      await Promise.all(dbs.map((each) => each.close()));
    }
  });
});
