// A task import running while another transaction renames a location (PostgreSQL, where writers run
// side by side): each task keeps its wire JSON with the location's name in it (migration 3), and
// the import reads that name in its own snapshot. Without the writers' lock (store/data-write-lock.ts)
// the import wrote the old name over the rename's rewrite, for good.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
import { createDatabase } from "../../../harness/local-postgres";
import { importNdjson } from "../../src/cli/import-ndjson";
import { upsertLocations } from "../../src/repositories/locations-repository";
import { upsertTasks } from "../../src/repositories/tasks-repository";
import { holdDataWriteLock } from "../../src/store/data-write-lock";
import { openStore } from "../../src/store/open-store";

const depot = { id: "loc_depot", name: "Old name", timezone: "UTC", address: "-" };
const task = (id: string) => ({
  id,
  vehicle_id: "veh_1",
  mva: "100",
  vin: null,
  task_type: "oil_change",
  status: "completed",
  location_id: depot.id,
  started_at: new Date("2026-03-01T10:00:00.000Z"),
  odometer_miles: 1_000,
});

it("a task import beside a location's rename keeps the new name in every task's JSON", async () => {
  const databaseUrl = await createDatabase(inject("postgresUrl"), `import_rename_${Date.now()}`);
  const store = await openStore({ databaseUrl, dataDir: undefined });
  const dir = mkdtempSync(join(tmpdir(), "import-rename-"));
  try {
    await upsertLocations(store, [depot]);
    await upsertTasks(store, [task("tsk_existing")]);
    const file = join(dir, "tasks.ndjson");
    const line = (id: string) =>
      JSON.stringify({ ...task(id), started_at: "2026-03-01T10:00:00.000Z", status: "in_progress" });
    writeFileSync(file, `${line("tsk_existing")}\n${line("tsk_new")}\n`);

    let commitRename = () => {};
    const renameHeld = new Promise<void>((resolve) => (commitRename = resolve));
    let renamed = () => {};
    const renameWritten = new Promise<void>((resolve) => (renamed = resolve));
    // The rename as a locations import makes it, held open until the task import is waiting.
    const rename = store.transaction(async (tx) => {
      await holdDataWriteLock(tx);
      await upsertLocations(tx, [{ ...depot, name: "New name" }]);
      renamed();
      await renameHeld;
    });
    await renameWritten;
    const imported = importNdjson(store, "tasks", file);
    await waitForLockWait(store);
    commitRename();
    await rename;
    expect(await imported).toBe(2);

    const rows = await store.query<{ wire_json: string }>("SELECT wire_json FROM tasks ORDER BY id");
    const names = rows.map(
      (row) => (JSON.parse(row.wire_json) as { location: { name: string } }).location.name,
    );
    expect(names).toEqual(["New name", "New name"]);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Until some session of this database waits for a lock (the import, behind the rename). */
async function waitForLockWait(store: Awaited<ReturnType<typeof openStore>>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await store.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row && row.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the task import never waited for the rename");
}
