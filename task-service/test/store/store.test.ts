// The same store behaviour on embedded PGlite and on a real PostgreSQL 15 server.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { KeyRing } from "../../src/auth/key-ring";
import { hashClientSecret } from "../../src/auth/client-secrets";
import { generateSigningKey } from "../../src/auth/signing-key";
import { ConfigError } from "../../src/config";
import { insertClient } from "../../src/repositories/clients-repository";
import { listLocations, upsertLocations } from "../../src/repositories/locations-repository";
import { settingOrCreate } from "../../src/repositories/settings-repository";
import { insertActiveSigningKey } from "../../src/repositories/signing-keys-repository";
import { findTask, findTaskPageJson, upsertTasks } from "../../src/repositories/tasks-repository";
import { prepareSandbox, refuseSandboxStore } from "../../src/seeding/prepare-sandbox";
import { migrate } from "../../src/store/migrate";
import { migrations } from "../../src/store/migrations";
import { openStore, storeName } from "../../src/store/open-store";
import type { SqlExecutor, Store } from "../../src/store/store";
import type { SqlDbSettings } from "../../../platform/sql/open-sql-db";
import { createDatabase } from "../../../harness/local-postgres";

let databases = 0;
/** Each call gives the settings of a fresh, empty store. */
const stores = [
  ["PGlite", async (): Promise<SqlDbSettings> => ({ databaseUrl: undefined, dataDir: undefined })],
  [
    "PostgreSQL",
    async (): Promise<SqlDbSettings> => ({
      databaseUrl: await createDatabase(inject("postgresUrl"), `store_${Date.now()}_${++databases}`),
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

describe.each(stores)("%s store", (_name, freshStore) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await freshStore());
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
});

// Sandbox mode refuses a store holding data it did not make, such as the store above: these tests
// start from empty stores of their own, and each refusal from one more.
describe.each(stores)("%s store in sandbox mode", (_name, freshStore) => {
  const open = async () => {
    const settings = await freshStore();
    const store = await openStore(settings);
    const sandbox = (size: { seed: number; seedTasks: number; seedVehicles?: number }) =>
      prepareSandbox(store, { ...settings, ...size });
    return { settings, store, sandbox };
  };
  let store: Store;
  let sandbox: Awaited<ReturnType<typeof open>>["sandbox"];
  beforeAll(async () => {
    ({ store, sandbox } = await open());
  });
  afterAll(() => store.close());

  const taskIds = async (of = store) =>
    (await of.query<{ id: string }>("SELECT id FROM tasks ORDER BY id")).map((row) => row.id);

  it("seeds the sandbox once per seed and size, and a production start refuses such a store", async () => {
    await sandbox({ seed: 7, seedTasks: 200 });
    const ids = await taskIds();
    expect(ids).toHaveLength(200);
    await sandbox({ seed: 7, seedTasks: 200 });
    expect(await taskIds()).toEqual(ids);
    await expect(refuseSandboxStore(store, { databaseUrl: undefined, dataDir: "/srv/vts" })).rejects.toThrow(
      /VTS_MODE=production.*\/srv\/vts.*holds sandbox data/s,
    );
  });

  it("seeds a fleet of the size asked for, and a new size seeds afresh", async () => {
    const vehicles = async () =>
      (await store.query<{ n: number }>("SELECT count(DISTINCT vehicle_id)::integer AS n FROM tasks"))[0]!.n;
    await sandbox({ seed: 7, seedTasks: 400 });
    expect(await vehicles()).toBe(400);
    await sandbox({ seed: 7, seedTasks: 400, seedVehicles: 20 });
    expect(await vehicles()).toBe(20);
  });

  it("goes on with a store it made, whatever was added to it since", async () => {
    await insertClient(store, operatorClient);
    await upsertTasks(store, [
      { ...task, id: "tsk_imported", location_id: (await listLocations(store))[0]!.id },
    ]);
    await sandbox({ seed: 8, seedTasks: 300 });
    expect(await taskIds()).toHaveLength(300);
  });

  it("goes on with a store that holds only what a production start leaves: keys and settings", async () => {
    const production = await open();
    try {
      await KeyRing.open(production.store, undefined);
      await settingOrCreate(production.store, "race", () => "value");
      await production.sandbox({ seed: 7, seedTasks: 100 });
      expect(await taskIds(production.store)).toHaveLength(100);
    } finally {
      await production.store.close();
    }
  });

  // VTS_MODE defaults to sandbox under `npm run service` and `npm start`: a DATABASE_URL left
  // pointing at production must not be enough to wipe it.
  it.each([
    [
      "tasks and locations",
      (of: Store) => upsertLocations(of, [location]).then(() => upsertTasks(of, [task])),
    ],
    ["locations", (of: Store) => upsertLocations(of, [location])],
    ["clients", (of: Store) => insertClient(of, operatorClient).then(() => undefined)],
  ])("refuses a store holding %s it did not create, and changes nothing", async (held, fill) => {
    const foreign = await open();
    try {
      await fill(foreign.store);
      const before = await contentsOf(foreign.store);
      const refusal = foreign.sandbox({ seed: 7, seedTasks: 100 });
      await expect(refusal).rejects.toBeInstanceOf(ConfigError);
      await expect(refusal).rejects.toThrow(`VTS_MODE=sandbox`);
      await expect(refusal).rejects.toThrow(`refuses ${storeName(foreign.settings)}: it holds ${held}`);
      expect(await contentsOf(foreign.store)).toEqual(before);
    } finally {
      await foreign.store.close();
    }
  });
});

const operatorClient = {
  client_id: "acme-sync",
  secret_hash: hashClientSecret("an operator's client secret"),
  scopes: ["tasks:read"],
  description: "",
  expires_at: null,
};

/** Everything sandbox mode could write: data, clients and settings (its fingerprint among them). */
async function contentsOf(store: Store) {
  const table = (sql: string) => store.query(sql);
  return {
    tasks: await table("SELECT id, status FROM tasks ORDER BY id"),
    locations: await table("SELECT id, name FROM locations ORDER BY id"),
    clients: await table("SELECT client_id, secret_hash FROM clients ORDER BY client_id"),
    settings: await table("SELECT name, value FROM service_settings ORDER BY name"),
  };
}
