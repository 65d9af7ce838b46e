// Keyset pagination properties, on the embedded store and on a real PostgreSQL 15 alike.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TaskRecord } from "../../src/domain/records";
import { upsertTasks } from "../../src/repositories/tasks-repository";
import { createDatabase } from "../../../harness/local-postgres";
import { startTestService, type TestService } from "../support/test-service";
import { sandboxWindows, scanAll } from "./tasks-api";

const stores = [
  ["PGlite", async () => ({})],
  [
    "PostgreSQL",
    async () => ({ DATABASE_URL: await createDatabase(inject("postgresUrl"), `pages_${Date.now()}`) }),
  ],
] as const;

describe.each(stores)("pagination on %s", (_name, storeEnv) => {
  let service: TestService;
  let token: string;
  const window = sandboxWindows()[1]!;

  beforeAll(async () => {
    service = await startTestService(await storeEnv());
    token = await service.token("sandbox-full");
  });
  afterAll(() => service.close());

  function newTask(startedAt: string, id = `tst_${randomUUID().slice(0, 12)}`): TaskRecord {
    return {
      id,
      vehicle_id: "veh_test",
      mva: "99999999",
      vin: null,
      task_type: "oil_change",
      status: "scheduled",
      location_id: "loc_lax_airport",
      started_at: new Date(startedAt),
      odometer_miles: 1,
    };
  }

  it("limit 7 and limit 500 walk the same sequence", async () => {
    const small = await scanAll(service, token, { ...window, limit: 7 });
    const large = await scanAll(service, token, { ...window, limit: 500 });
    expect(small.length).toBeGreaterThan(500);
    expect(small.map((t) => t.id)).toEqual(large.map((t) => t.id));
  });

  it("order=desc walks the exact reverse", async () => {
    const ascending = await scanAll(service, token, { ...window, limit: 97 });
    const descending = await scanAll(service, token, { ...window, limit: 89, order: "desc" });
    expect(descending.map((t) => t.id)).toEqual(ascending.map((t) => t.id).reverse());
  });

  it("returns no task twice and skips none while tasks are inserted during the scan", async () => {
    const before = await scanAll(service, token, { ...window, limit: 500 });
    const ahead: TaskRecord[] = [];
    const behind: string[] = [];
    let pageCount = 0;
    const seen = await scanAll(service, token, { ...window, limit: 50 }, async (page) => {
      const last = page.data.at(-1);
      if (!last || page.next_cursor === null || pageCount++ % 3 !== 0) return;
      const at = Date.parse(last.started_at);
      const inserted = {
        behindInTime: newTask(new Date(at - 1).toISOString()),
        // A proper prefix sorts before the id, an extension after it (ids compare in C collation).
        behindOnTie: newTask(last.started_at, last.id.slice(0, -1)),
        aheadOnTie: newTask(last.started_at, `${last.id}-`),
        aheadInTime: newTask(new Date(at + 3_600_000).toISOString()),
      };
      await upsertTasks(service.context.store, Object.values(inserted));
      behind.push(inserted.behindInTime.id, inserted.behindOnTie.id);
      ahead.push(inserted.aheadOnTie, inserted.aheadInTime);
    });
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(before.map((t) => t.id)));
    // Tasks inserted an hour ahead may fall past the window's end; those are rightly absent.
    const aheadInWindow = ahead
      .filter((task) => task.started_at.toISOString() < window.to)
      .map((task) => task.id);
    expect(ids).toEqual(expect.arrayContaining(aheadInWindow));
    for (const id of behind) expect(ids).not.toContain(id);
    expect(ahead.length).toBeGreaterThan(0);
  });

  it("splits a run of tasks sharing one started_at across pages without loss", async () => {
    const at = new Date(Date.parse(window.from) + 5 * 86_400_000).toISOString();
    const twins = Array.from({ length: 20 }, (_, index) =>
      newTask(at, `twin_${String(index).padStart(2, "0")}`),
    );
    await upsertTasks(service.context.store, twins);
    const from = new Date(Date.parse(at) - 1).toISOString();
    const to = new Date(Date.parse(at) + 1).toISOString();
    const found = await scanAll(service, token, { from, to, limit: 3, location_id: "loc_lax_airport" });
    expect(found.map((t) => t.id)).toEqual(twins.map((t) => t.id));
  });
});
