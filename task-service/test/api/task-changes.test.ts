// GET /v1/task-changes, on the embedded store and on a real PostgreSQL: every task once from the
// beginning, only later changes from `start=latest`, a change moves its task to the end, an
// identical import is no change, a rename is one, and no change is skipped when a transaction
// commits after a later one. A sandbox generated anew refuses every cursor from before.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TaskRecord } from "../../src/domain/records";
import { upsertLocations } from "../../src/repositories/locations-repository";
import { upsertTasks, type Task } from "../../src/repositories/tasks-repository";
import { eventually } from "../../../harness/eventually";
import { createDatabase } from "../../../harness/local-postgres";
import { startTestService, type TestService } from "../support/test-service";
import { sandboxWindows, taskUrl } from "./tasks-api";

interface ChangePage {
  data: Task[];
  next_cursor: string;
  has_more: boolean;
  caught_up: boolean;
}

const stores = [
  ["PGlite", async () => ({}), false],
  [
    "PostgreSQL",
    async () => ({ DATABASE_URL: await createDatabase(inject("postgresUrl"), `changes_${Date.now()}`) }),
    true,
  ],
] as const;

describe.each(stores)("the change feed on %s", (_name, storeEnv, concurrentWriters) => {
  let service: TestService;
  let token: string;

  beforeAll(async () => {
    service = await startTestService(await storeEnv());
    token = await service.token("sandbox-full");
  });
  afterAll(() => service.close());

  async function get(query: string) {
    return service.request({
      method: "GET",
      url: `/v1/task-changes${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function page(query: string): Promise<ChangePage> {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChangePage>();
  }

  // On PostgreSQL, transaction ids are the server's, and other test files write to other databases
  // on the same server: while one of their transactions runs, the feed holds this database's later
  // changes back. That delays what a reader sees, never what it finally sees, so each read below
  // goes on until the feed says it is caught up.
  const HELD_BACK_MS = 45_000;
  /** A test that reads the feed a few times, each read possibly held back that long. */
  const FEED_TEST_MS = 3 * HELD_BACK_MS + 15_000;

  /** Reads on from `cursor` until caught up; every task seen, and the cursor to read on from. */
  async function readOn(cursor: string, limit = 500): Promise<{ tasks: Task[]; cursor: string }> {
    const tasks: Task[] = [];
    await eventually(async () => {
      const next = await page(`?cursor=${encodeURIComponent(cursor)}&limit=${limit}`);
      tasks.push(...next.data);
      cursor = next.next_cursor;
      return next.caught_up;
    }, HELD_BACK_MS);
    return { tasks, cursor };
  }

  /** The first page once nothing holds it back: held back, it says neither has_more nor caught_up. */
  async function firstPage(limit: number): Promise<ChangePage> {
    let read: ChangePage | undefined;
    await eventually(async () => {
      read = await page(`?limit=${limit}`);
      return read.has_more || read.caught_up;
    }, HELD_BACK_MS);
    return read!;
  }

  /** The latest place once every change written so far is let out, so all of them lie before it. */
  async function latest(): Promise<string> {
    let cursor = "";
    await eventually(async () => {
      const now = await page("?start=latest");
      cursor = now.next_cursor;
      return now.caught_up;
    }, HELD_BACK_MS);
    return cursor;
  }

  function newTask(overrides: Partial<TaskRecord> = {}): TaskRecord {
    return {
      id: `chg_${randomUUID().slice(0, 12)}`,
      vehicle_id: "veh_changes",
      mva: "88888888",
      vin: null,
      task_type: "oil_change",
      status: "scheduled",
      location_id: "loc_lax_airport",
      started_at: new Date("2026-03-01T10:00:00.000Z"),
      odometer_miles: 100,
      ...overrides,
    };
  }

  it(
    "lists every task once from the beginning, each with its updated_at, in pages",
    async () => {
      const first = await firstPage(500);
      expect(first.has_more).toBe(true);
      const rest = await readOn(first.next_cursor, 400);
      const ids = [...first.data, ...rest.tasks].map((task) => task.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThanOrEqual(3000);
      for (const task of first.data)
        expect(task.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const byId = await service.request({
        method: "GET",
        url: `/v1/tasks/${encodeURIComponent(first.data[0]!.id)}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(byId.json()).toEqual(first.data[0]);
    },
    FEED_TEST_MS,
  );

  it(
    "from the latest place, brings only later changes: a new status, not an identical import",
    async () => {
      const changed = newTask();
      const unchanged = newTask();
      await upsertTasks(service.context.store, [changed, unchanged]);
      const cursor = await latest();
      const quiet = await page(`?cursor=${encodeURIComponent(cursor)}`);
      expect(quiet).toMatchObject({ data: [], has_more: false, caught_up: true, next_cursor: cursor });

      await upsertTasks(service.context.store, [{ ...changed, status: "cancelled" }, unchanged]);
      const { tasks } = await readOn(cursor);
      expect(tasks.map((task) => [task.id, task.status])).toEqual([[changed.id, "cancelled"]]);
      expect(Date.parse(tasks[0]!.updated_at!)).toBeGreaterThan(Date.now() - 60_000);
    },
    FEED_TEST_MS,
  );

  it(
    "moves a task changed again to the end, and brings a location's tasks when it is renamed",
    async () => {
      await upsertLocations(service.context.store, [
        { id: "loc_changes", name: "Before", timezone: "UTC", address: "1 Main St" },
      ]);
      const [a, b] = [newTask({ location_id: "loc_changes" }), newTask()];
      const cursor = await latest();
      await upsertTasks(service.context.store, [a]);
      await upsertTasks(service.context.store, [b]);
      await upsertTasks(service.context.store, [{ ...a, odometer_miles: 101 }]);
      const moved = await readOn(cursor, 1);
      expect(moved.tasks.map((task) => [task.id, task.odometer_miles])).toEqual([
        [b.id, 100],
        [a.id, 101],
      ]);

      await upsertLocations(service.context.store, [
        { id: "loc_changes", name: "After", timezone: "UTC", address: "1 Main St" },
      ]);
      const renamed = await readOn(moved.cursor);
      expect(renamed.tasks.map((task) => [task.id, task.location.name])).toEqual([[a.id, "After"]]);
    },
    FEED_TEST_MS,
  );

  it(
    "skips no change when a transaction commits after a later one",
    async () => {
      const store = service.context.store;
      const [slowTask, fastTask] = [newTask(), newTask()];
      const cursor = await latest();
      let commitSlow!: () => void;
      const slowMayCommit = new Promise<void>((resolve) => (commitSlow = resolve));
      let slowWrote!: () => void;
      const slowHasWritten = new Promise<void>((resolve) => (slowWrote = resolve));
      // The slow import takes its transaction id first, then waits before it commits.
      const slow = store.transaction(async (tx) => {
        await upsertTasks(tx, [slowTask]);
        slowWrote();
        await slowMayCommit;
      });
      await slowHasWritten;
      const fast = store.transaction((tx) => upsertTasks(tx, [fastTask]));
      let readFrom = cursor;
      try {
        if (concurrentWriters) {
          // PostgreSQL: the later import commits while the earlier is open. The feed holds its
          // change back, and says it is not caught up.
          await fast;
          const early = await page(`?cursor=${encodeURIComponent(cursor)}`);
          expect(early).toMatchObject({ data: [], has_more: false, caught_up: false });
          readFrom = early.next_cursor;
        }
      } finally {
        // PGlite has one connection: the writers and the reader take turns, and a later transaction
        // cannot commit first. The same steps then show both changes delivered once.
        commitSlow();
        await Promise.all([slow, fast]);
      }
      const { tasks } = await readOn(readFrom);
      expect(tasks.map((task) => task.id)).toEqual([slowTask.id, fastTask.id]);
    },
    FEED_TEST_MS,
  );

  it("refuses bad parameters and cursors with invalid_request", async () => {
    const listCursor = (
      await service.request({
        method: "GET",
        url: taskUrl({ ...sandboxWindows()[1]!, limit: 1 }),
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ next_cursor: string }>().next_cursor;
    const feedCursor = await latest();
    const [payload, signature] = feedCursor.split(".");
    const forged = `${Buffer.from('{"x":"1","i":""}').toString("base64url")}.${signature}`;
    for (const query of [
      "?start=now",
      "?limit=0",
      "?limit=501",
      `?start=latest&cursor=${encodeURIComponent(feedCursor)}`,
      "?cursor=abc",
      `?cursor=${encodeURIComponent(forged)}`,
      `?cursor=${payload}`,
      "?from=2026-01-01T00:00:00Z",
      "?limit=5&limit=5",
      `?cursor=${encodeURIComponent(listCursor)}`,
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("invalid_request");
    }
  });

  it("needs the tasks:read scope", async () => {
    const locationsOnly = await service.token("sandbox-full", "locations:read");
    const response = await service.request({
      method: "GET",
      url: "/v1/task-changes?start=bad",
      headers: { authorization: `Bearer ${locationsOnly}` },
    });
    expect(response.statusCode).toBe(403);
  });
});

/** A sandbox service of 200 tasks on this database, and a reader of its feed. */
async function feedReader(DATABASE_URL: string, seed = "1") {
  const service = await startTestService({ DATABASE_URL, VTS_SEED: seed, VTS_SEED_TASKS: "200" });
  const token = await service.token("sandbox-full");
  const read = (query: string) =>
    service.request({
      method: "GET",
      url: `/v1/task-changes${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  return { service, read };
}

it("refuses every cursor issued before the sandbox was generated afresh, so a reader starts again", async () => {
  const DATABASE_URL = await createDatabase(inject("postgresUrl"), `changes_regenerated_${Date.now()}`);
  const cursorAfterStart = async (seed: string, cursor?: string) => {
    const { service, read } = await feedReader(DATABASE_URL, seed);
    try {
      const old =
        cursor === undefined ? undefined : (await read(`?cursor=${encodeURIComponent(cursor)}`)).statusCode;
      const latest = await read("?start=latest");
      expect(latest.statusCode).toBe(200);
      return { old, cursor: latest.json<ChangePage>().next_cursor };
    } finally {
      await service.close();
    }
  };
  const first = await cursorAfterStart("1");
  // The same sandbox again: nothing was deleted, and the feed reads on.
  const same = await cursorAfterStart("1", first.cursor);
  expect(same.old).toBe(200);
  // Another seed deletes every task of the first: a cursor from before is refused.
  const other = await cursorAfterStart("2", same.cursor);
  expect(other.old).toBe(400);
});

it("starts again, refusing every cursor issued before, when its store came from another database server", async () => {
  const DATABASE_URL = await createDatabase(inject("postgresUrl"), `changes_restored_${Date.now()}`);
  const before = await feedReader(DATABASE_URL);
  let cursor: string;
  try {
    cursor = (await before.read("?start=latest")).json<ChangePage>().next_cursor;
    // What a restore onto a younger server leaves: places counted by the old server, far ahead of
    // every transaction id this one has assigned.
    await before.service.context.store.query(
      "UPDATE tasks SET change_xid = (pg_current_xact_id()::text::numeric + 1000000000)::text::xid8",
    );
  } finally {
    await before.service.close();
  }
  const after = await feedReader(DATABASE_URL);
  try {
    expect((await after.read(`?cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(400);
    // From the beginning, every task comes through and the feed says it is caught up.
    const seen = new Set<string>();
    let next = "";
    await eventually(async () => {
      const page = (
        await after.read(`?limit=500${next && `&cursor=${encodeURIComponent(next)}`}`)
      ).json<ChangePage>();
      for (const task of page.data) seen.add(task.id);
      next = page.next_cursor;
      return page.caught_up;
    }, 45_000);
    const [count] = await after.service.context.store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM tasks",
    );
    expect(seen.size).toBe(count?.n);
  } finally {
    await after.service.close();
  }
});
