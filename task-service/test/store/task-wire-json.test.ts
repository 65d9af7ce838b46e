// Each task's wire JSON, kept in a column by migration 3 and its triggers, must be exactly the bytes
// taskOfRow + JSON.stringify give for the same row (GET /v1/tasks sends it as it is), on both stores:
// after an upgrade of a database that already holds tasks, after inserts, re-imports and plain SQL
// updates, and after a location's rename.
import { describe, expect, inject, it } from "vitest";
import { taskOfRow, type TaskRow } from "../../../contract/service/task-row";
import { applyMigrations } from "../../../platform/sql/migrate";
import { openSqlDb } from "../../../platform/sql/open-sql-db";
import { createDatabase } from "../../../harness/local-postgres";
import type { LocationRecord, TaskRecord } from "../../src/domain/records";
import { upsertLocations } from "../../src/repositories/locations-repository";
import { TASK_COLUMNS, type TaskPageQuery } from "../../src/repositories/task-page-sql";
import { findTaskPageJson, taskColumnArrays, upsertTasks } from "../../src/repositories/tasks-repository";
import { storeDirLock } from "../../src/store/data-dir-lock";
import { migrate } from "../../src/store/migrate";
import { migrations } from "../../src/store/migrations";
import type { Store } from "../../src/store/store";

// Every escape JSON.stringify makes, each on its own, and text beyond Latin-1. Not here: NUL and lone
// surrogates, which PostgreSQL text cannot hold (a driver turns a lone surrogate into U+FFFD first).
const AWKWARD = [
  'Dock "A"',
  "C:\\back\\slash",
  "new\nline",
  "cr\rtab\tff\fbs\b",
  "bell\u0007 us\u001f del\u007f",
  "Zürich",
  "Seattle–Tacoma",
  "emoji 🚚",
  "\u2028\u2029",
  "slash / and <tag>",
  "",
];

const locations: LocationRecord[] = AWKWARD.map((text, index) => ({
  id: `loc_${index}${text}`,
  name: `${text} depot`,
  timezone: "UTC",
  address: "-",
}));

function tasks(round: number): TaskRecord[] {
  return AWKWARD.flatMap((text, index) =>
    [0, 1].map((twin) => ({
      id: `tsk_${index}_${twin}${text}`,
      vehicle_id: `veh${text}`,
      mva: `${index}${text}`,
      vin: twin === 0 ? null : `VIN${text}`,
      task_type: `type ${text}`,
      status: round === 0 ? `scheduled${text}` : "completed",
      location_id: locations[(index + twin) % locations.length]!.id,
      started_at: new Date(Date.UTC(2026, 2, 1, index, twin, 0, 7 * index + round)),
      odometer_miles: index * 100_003 + round,
    })),
  );
}

const everything: TaskPageQuery = {
  from: "2000-01-01T00:00:00Z",
  to: "2100-01-01T00:00:00Z",
  filters: {},
  order: "asc",
  after: undefined,
  fetch: 1_000,
};

/** A write that leaves the JSON to the triggers, as the build before migration 3 wrote tasks. */
async function insertWithoutJson(store: Store, rows: readonly TaskRecord[]): Promise<void> {
  await store.query(
    `INSERT INTO tasks (id, vehicle_id, mva, vin, task_type, status, location_id, started_at, odometer_miles)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::timestamptz[], $9::integer[])`,
    taskColumnArrays(rows),
  );
}

/**
 * The stored JSON of every task beside what taskOfRow + JSON.stringify write for its columns, read
 * as findTask reads one task (GET /v1/tasks/{id}), in the page's order.
 */
async function storedAndExpected(store: Store): Promise<{ stored: string[]; expected: string[] }> {
  const stored = await findTaskPageJson(store, everything);
  const rows = await store.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM tasks t JOIN locations l ON l.id = t.location_id
     ORDER BY t.started_at, t.id`,
  );
  return { stored, expected: rows.map((row) => JSON.stringify(taskOfRow(row))) };
}

const stores = [
  ["PGlite", async () => undefined],
  ["PostgreSQL", async () => createDatabase(inject("postgresUrl"), `wire_json_${Date.now()}`)],
] as const;

describe.each(stores)("each task's wire JSON on %s", (_name, databaseUrl) => {
  it("is filled by the upgrade and kept equal to taskOfRow's bytes by every write", async () => {
    const beforeJson = migrations.filter((migration) => migration.id < 3);
    expect(beforeJson.length).toBe(2);
    const store: Store = await openSqlDb(
      { databaseUrl: await databaseUrl(), dataDir: undefined },
      {
        postgres: {},
        pglite: { lock: storeDirLock },
        migrate: (db) =>
          applyMigrations(db, { table: "schema_migrations", lockKey: 7_315_001, migrations: beforeJson }),
      },
    );
    try {
      await upsertLocations(store, locations);
      await insertWithoutJson(store, tasks(0));

      await migrate(store);
      let { stored, expected } = await storedAndExpected(store);
      expect(stored.length).toBe(AWKWARD.length * 2);
      expect(stored).toEqual(expected);
      expect(stored.some((json) => json.includes('"vin":null'))).toBe(true);

      // The import's own JSON (new rows, and a re-import through ON CONFLICT ... DO UPDATE), and
      // the triggers' for writes that bypass the repository: an INSERT and an UPDATE in plain SQL.
      await upsertTasks(store, [
        ...tasks(1).slice(0, 5),
        ...tasks(0).map((task) => ({ ...task, id: `${task.id}+` })),
      ]);
      await insertWithoutJson(
        store,
        tasks(1).map((task) => ({ ...task, id: `${task.id}*` })),
      );
      await store.query("UPDATE tasks SET vin = NULL, mva = $1 WHERE id = $2", ['12"3', tasks(0)[3]!.id]);
      ({ stored, expected } = await storedAndExpected(store));
      expect(stored.length).toBe(AWKWARD.length * 6);
      expect(stored).toEqual(expected);
      expect(stored.join()).toContain('"mva":"12\\"3"');

      // A rename rewrites its tasks' JSON; re-importing a location unchanged touches none.
      const renamed = locations[1]!;
      await upsertLocations(store, [{ ...renamed, name: 'Renamed – "quoted"\n' }]);
      ({ stored, expected } = await storedAndExpected(store));
      expect(stored).toEqual(expected);
      expect(stored.filter((json) => json.includes('"name":"Renamed – \\"quoted\\"\\n"')).length).toBe(6);
      await upsertLocations(store, [locations[2]!]);
      ({ stored, expected } = await storedAndExpected(store));
      expect(stored).toEqual(expected);
    } finally {
      await store.close();
    }
  });

  it("stamps a change after the version it replaces, though that was stamped after the writer began", async () => {
    const store: Store = await openSqlDb(
      { databaseUrl: await databaseUrl(), dataDir: undefined },
      { postgres: {}, pglite: { lock: storeDirLock }, migrate },
    );
    try {
      await upsertLocations(store, locations);
      const [imported, updated, renamed] = tasks(0);
      await upsertTasks(store, [imported!, updated!, renamed!]);
      // As a quick change that commits while a slow import runs: stamped after the import began.
      const later = new Date(Date.now() + 3_600_000);
      later.setUTCMilliseconds(7);
      await store.query("UPDATE tasks SET updated_at = $1", [later.toISOString()]);
      const stamps = async () =>
        new Map(
          (await findTaskPageJson(store, everything)).map((json) => {
            const task = JSON.parse(json) as { id: string; updated_at: string };
            return [task.id, task.updated_at];
          }),
        );
      const expectStampedAfterLater = async (id: string) => {
        const stamp = (await stamps()).get(id)!;
        expect(Date.parse(stamp), id).toBe(later.getTime() + 1);
      };

      await upsertTasks(store, [{ ...imported!, status: "completed" }]);
      await expectStampedAfterLater(imported!.id);
      await store.query("UPDATE tasks SET odometer_miles = odometer_miles + 1 WHERE id = $1", [updated!.id]);
      await expectStampedAfterLater(updated!.id);
      await upsertLocations(store, [
        { ...locations.find(({ id }) => id === renamed!.location_id)!, name: "New" },
      ]);
      await expectStampedAfterLater(renamed!.id);
      const { stored, expected } = await storedAndExpected(store);
      expect(stored).toEqual(expected);
    } finally {
      await store.close();
    }
  });
});
