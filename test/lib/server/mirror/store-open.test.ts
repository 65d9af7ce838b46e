import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateMirror, openMirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { mirrorMigrations } from "@/lib/server/mirror/store/migrations";

// The embedded mirror: PGlite with pg_trgm, every migration applied once, and what was written
// still there when the dashboard opens the directory again.

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("the embedded mirror store", () => {
  it("applies every migration once, and a second start finds nothing to do", async () => {
    const db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
    try {
      await migrateMirror(db);
      const applied = await db.query<{ id: number }>("SELECT id FROM mirror_migrations ORDER BY id");
      expect(applied.map((row) => row.id)).toEqual(mirrorMigrations.map((m) => m.id).sort((a, b) => a - b));
      const state = await db.query<{ leader: string | null }>("SELECT leader FROM mirror_sync_state");
      expect(state).toEqual([{ leader: null }]);
      // pg_trgm is there: the quick search's index is usable.
      const [similar] = await db.query<{ s: number }>("SELECT similarity('vehicle', 'vehicles') AS s");
      expect(similar!.s).toBeGreaterThan(0.5);
    } finally {
      await db.close();
    }
  });

  it("keeps its rows across a restart in the same directory", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mirror-store-"));
    dirs.push(dir);
    const first = await openMirrorDb({ databaseUrl: undefined, dataDir: dir });
    await first.query("INSERT INTO mirror_windows (starts_at, ends_at, as_of) VALUES ($1, $2, $3)", [
      "2026-03-01T00:00:00Z",
      "2026-03-02T00:00:00Z",
      "2026-03-05T10:00:00.123Z",
    ]);
    await first.close();
    const second = await openMirrorDb({ databaseUrl: undefined, dataDir: dir });
    try {
      const rows = await second.query<{ as_of: Date }>("SELECT as_of FROM mirror_windows");
      expect(rows.map((row) => row.as_of.toISOString())).toEqual(["2026-03-05T10:00:00.123Z"]);
    } finally {
      await second.close();
    }
  });

  it("rolls a failed transaction back whole", async () => {
    const db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
    try {
      const attempt = db.transaction(async (tx) => {
        await tx.query("UPDATE mirror_sync_state SET last_error = 'x'");
        throw new Error("interrupted");
      });
      await expect(attempt).rejects.toThrow("interrupted");
      expect(await db.query("SELECT last_error FROM mirror_sync_state")).toEqual([{ last_error: null }]);
    } finally {
      await db.close();
    }
  });
});
