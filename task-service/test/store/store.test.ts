// The same store behaviour on embedded PGlite and on a real PostgreSQL 15 server.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { KeyRing } from "../../src/auth/key-ring";
import { generateSigningKey } from "../../src/auth/signing-key";
import { listLocations, upsertLocations } from "../../src/repositories/locations-repository";
import { settingOrCreate } from "../../src/repositories/settings-repository";
import { insertActiveSigningKey } from "../../src/repositories/signing-keys-repository";
import { findTask, findTaskPageJson, upsertTasks } from "../../src/repositories/tasks-repository";
import { prepareSandbox, refuseSandboxStore } from "../../src/seeding/prepare-sandbox";
import { migrate } from "../../src/store/migrate";
import { migrations } from "../../src/store/migrations";
import { openStore } from "../../src/store/open-store";
import type { SqlExecutor, Store } from "../../src/store/store";
import { createDatabase } from "../../../harness/local-postgres";

const stores = [
  ["PGlite", async () => openStore({ databaseUrl: undefined, dataDir: undefined })],
  [
    "PostgreSQL",
    async () =>
      openStore({
        databaseUrl: await createDatabase(inject("postgresUrl"), `store_${Date.now()}`),
        dataDir: undefined,
      }),
  ],
] as const;

const location = {
  id: "loc_a",
  name: 'Dock "A", Zürich',
  timezone: "Europe/Zurich",
  address: "Bahnhofplatz 1, Zürich",
};
const wholeDay = {
  from: "2026-03-01T00:00:00Z",
  to: "2026-03-02T00:00:00Z",
  filters: {},
  order: "asc" as const,
  after: undefined,
  fetch: 10,
};

/** A page's task ids, read as the route reads a page: each task's stored JSON. */
async function pageIds(store: SqlExecutor, query: Parameters<typeof findTaskPageJson>[1]): Promise<string[]> {
  return (await findTaskPageJson(store, query)).map((json) => (JSON.parse(json) as { id: string }).id);
}

const task = {
  id: "tsk_a",
  vehicle_id: "veh_a",
  mva: "12345678",
  vin: "1M8GDM9AXKP042788",
  task_type: "oil_change",
  status: "scheduled",
  location_id: "loc_a",
  started_at: new Date("2026-03-01T10:00:00.123Z"),
  odometer_miles: 1200,
};

describe.each(stores)("%s store", (_name, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it("applies migrations once, however often it is asked", async () => {
    await migrate(store);
    await migrate(store);
    const applied = await store.query<{ id: number }>("SELECT id FROM schema_migrations");
    expect(applied.map((row) => row.id)).toEqual(migrations.map((migration) => migration.id));
  });

  it("upserts locations and tasks and reads them back exactly, to the millisecond", async () => {
    await upsertLocations(store, [location]);
    await upsertTasks(store, [task]);
    expect(await listLocations(store)).toEqual([location]);
    const { location_id: _locationId, started_at: _startedAt, ...plainFields } = task;
    expect(await findTask(store, "tsk_a")).toEqual({
      ...plainFields,
      location: { id: "loc_a", name: 'Dock "A", Zürich' },
      started_at: "2026-03-01T10:00:00.123Z",
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
  });

  it("updates a task by id on re-import", async () => {
    await upsertTasks(store, [{ ...task, status: "completed", odometer_miles: 1250 }]);
    expect(await findTask(store, "tsk_a")).toMatchObject({ status: "completed", odometer_miles: 1250 });
    expect(await pageIds(store, wholeDay)).toEqual(["tsk_a"]);
  });

  it("pages with the keyset in both orders, with ids compared byte-wise", async () => {
    const twins = ["tsk_B", "tsk_a2", "tsk_b"].map((id) => ({ ...task, id }));
    await upsertTasks(store, twins);
    const page = (order: "asc" | "desc", after?: { started_at: string; id: string }) =>
      pageIds(store, { ...wholeDay, filters: { location_id: "loc_a" }, order, after });
    const ascending = await page("asc");
    expect(ascending).toEqual(["tsk_B", "tsk_a", "tsk_a2", "tsk_b"]);
    expect(await page("desc")).toEqual([...ascending].reverse());
    const after = { started_at: "2026-03-01T10:00:00.123Z", id: "tsk_a" };
    expect(await page("asc", after)).toEqual(["tsk_a2", "tsk_b"]);
  });

  it("reads a page as its tasks' stored JSON, the bytes taskOfRow + JSON.stringify give", async () => {
    const stored = await findTaskPageJson(store, wholeDay);
    expect(stored.length).toBeGreaterThan(1);
    // findTask builds each task from its columns through taskOfRow, as GET /v1/tasks/{id} answers.
    const ids = await pageIds(store, wholeDay);
    const built = await Promise.all(ids.map(async (id) => JSON.stringify(await findTask(store, id))));
    expect(stored).toEqual(built);
  });

  it("asks for the page to be sent as a prepared statement, so PostgreSQL parses and plans it once", async () => {
    const marks: (boolean | undefined)[] = [];
    const recording: SqlExecutor = {
      query: (text, params, options) => store.query(text, params, options),
      queryValues: (text, params, options) => {
        marks.push(options?.prepared);
        return store.queryValues(text, params, options);
      },
    };
    const query = {
      from: "2026-03-01T00:00:00Z",
      to: "2026-03-02T00:00:00Z",
      filters: { location_id: "loc_a" },
      order: "desc" as const,
      after: undefined,
      fetch: 10,
    };
    expect(await findTaskPageJson(recording, query)).toEqual(await findTaskPageJson(store, query));
    expect(marks).toEqual([true]);
  });

  it("agrees on one setting value when instances race to create it", async () => {
    const values = await Promise.all(
      Array.from({ length: 5 }, (_, index) => settingOrCreate(store, "race", () => `value-${index}`)),
    );
    expect(new Set(values).size).toBe(1);
  });

  it("keeps old signing keys verifiable after a rotation", async () => {
    const ring = await KeyRing.open(store, undefined);
    const first = await ring.signingKey();
    const reopened = await KeyRing.open(store, undefined);
    expect((await reopened.signingKey()).kid).toBe(first.kid);
    const next = await generateSigningKey();
    await store.transaction((tx) =>
      insertActiveSigningKey(tx, { kid: next.kid, public_jwk: next.publicJwk, private_jwk: next.privateJwk }),
    );
    const rotated = await KeyRing.open(store, undefined);
    expect((await rotated.signingKey()).kid).toBe(next.kid);
    expect(await rotated.verificationKey(first.kid)).toBeDefined();
    expect(rotated.jwks().keys.map((key) => key.kid)).toEqual(expect.arrayContaining([first.kid, next.kid]));
  });

  it("seeds the sandbox once per seed and size, and a production start refuses such a store", async () => {
    await prepareSandbox(store, { seed: 7, seedTasks: 200 });
    const ids = (await store.query<{ id: string }>("SELECT id FROM tasks ORDER BY id")).map((row) => row.id);
    expect(ids).toHaveLength(200);
    await prepareSandbox(store, { seed: 7, seedTasks: 200 });
    const again = (await store.query<{ id: string }>("SELECT id FROM tasks ORDER BY id")).map(
      (row) => row.id,
    );
    expect(again).toEqual(ids);
    await expect(refuseSandboxStore(store)).rejects.toThrow(/sandbox data/);
  });

  it("seeds a fleet of the size asked for, and a new size seeds afresh", async () => {
    const vehicles = async () =>
      (await store.query<{ n: number }>("SELECT count(DISTINCT vehicle_id)::integer AS n FROM tasks"))[0]!.n;
    await prepareSandbox(store, { seed: 7, seedTasks: 400 });
    expect(await vehicles()).toBe(400);
    await prepareSandbox(store, { seed: 7, seedTasks: 400, seedVehicles: 20 });
    expect(await vehicles()).toBe(20);
  });
});
