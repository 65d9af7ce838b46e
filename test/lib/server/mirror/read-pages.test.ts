import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { propertySettings } from "@/harness/fuzz-settings";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { mirrorExportBatches, mirrorExportIds } from "@/lib/server/mirror/read/read-export-batches";
import { tasksOfBatch } from "@/lib/server/mirror/read/read-tasks-by-id";
import { parseMirrorExportParams, parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import { readMirrorTaskPage } from "@/lib/server/mirror/read/read-task-page";
import type { MirrorTaskQuery } from "@/lib/server/mirror/read/mirror-task-query";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import type { MirrorDatabase } from "./support/mirror-databases";
import { HORIZON, STORES, syncedSandboxMirror } from "./support/mirror-fixture";
import { queryArbitrary } from "./support/query-arbitrary";
import { referenceSelection } from "./support/reference-selection";
import { FULL_ACCESS } from "@/lib/server/staff";

// The mirror's pages against the same selection made in plain TypeScript over the same rows: for
// random filter, list, sort and q combinations (WALKS of them on each store; FUZZ_SCALE gives
// more), total on every page and the ids across all pages are exactly the reference's.

const cursors = new DashboardCursorCodec("read-pages-test");
const options = { maxWindowDays: 92, access: FULL_ACCESS, cursors };
const WALKS = 60;

// Sorts by 2 and 3 keys in mixed directions, walked a few rows a page. Keys of few values (status,
// task type) make long runs of ties, so the tie-breakers (started_at, then id, in the last key's
// direction) decide much of the order.
const MULTI_KEY_WINDOW = { from: "2026-04-01T00:00:00Z", to: "2026-05-01T00:00:00Z" };
const MULTI_KEY_SORTS = [
  { sort: "location,odometer_miles", order: "asc,desc", limit: 7 },
  { sort: "status,task_type", order: "desc,asc", limit: 11 },
  { sort: "task_type,status,mva", order: "asc,desc,asc", limit: 5 },
  { sort: "status,location,odometer_miles", order: "desc,desc,asc", limit: 13 },
  { sort: "mva,started_at", order: "desc,asc", limit: 9 },
  { sort: "vehicle_id,task_type", order: "desc", limit: 6 },
];

function parse(params: URLSearchParams): MirrorTaskQuery {
  const result = parseMirrorTaskParams(new URL(`http://dashboard/api/tasks?${params}`), options);
  if (!result.ok) throw new Error(`${params}: ${result.error.message}`);
  return result.value;
}

async function walk(db: MirrorDatabase, first: MirrorTaskQuery, params: URLSearchParams) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let pages = 0;
  for (let query = first; ;) {
    const page = await readMirrorTaskPage(db.sql, query, cursors);
    pages += 1;
    totals.add(page.total);
    ids.push(...page.data.map((task) => task.id));
    if (page.next_cursor === null) break;
    // The next page's request: the same parameters and the cursor, parsed as a route would.
    const next = new URLSearchParams(params);
    next.set("cursor", page.next_cursor);
    query = parse(next);
  }
  return { ids, totals: [...totals], pages };
}

describe.each(STORES)("mirror pages on %s", (store) => {
  let db: MirrorDatabase;
  let tasks: Task[];

  beforeAll(async () => {
    ({ db, tasks } = await syncedSandboxMirror(store, "read_pages", 3_000));
  });
  afterAll(() => db?.close());

  it("equal the reference selection for random combinations", async () => {
    let cases = 0;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(queryArbitrary(tasks, HORIZON), async ({ query, pageSize }) => {
        const params = new URLSearchParams(query);
        const parsedQuery = parse(params);
        const expected = referenceSelection(tasks, parsedQuery).map((task) => task.id);
        // Small pages where the selection is small, so walks cross many page boundaries.
        params.set("limit", String(Math.max(pageSize, Math.ceil(expected.length / 12))));
        const { ids, totals } = await walk(db, parse(params), params);
        expect({ params: String(params), ids, totals }).toEqual({
          params: String(params),
          ids: expected,
          totals: expected.length === 0 ? [0] : [expected.length],
        });
        cases += 1;
        if (expected.length > 0) nonEmpty += 1;
      }),
      propertySettings(WALKS),
    );
    // Most cases select something: a generator of empty selections would prove little.
    expect(nonEmpty).toBeGreaterThan(cases / 2);
  });

  it.each(MULTI_KEY_SORTS)(
    "walks sort=$sort order=$order by $limit rows in the reference's order, each row once",
    async ({ sort, order, limit }) => {
      const params = new URLSearchParams({ ...MULTI_KEY_WINDOW, sort, order, limit: String(limit) });
      const expected = referenceSelection(tasks, parse(params)).map((task) => task.id);
      const { ids, pages } = await walk(db, parse(params), params);
      expect(expected.length).toBeGreaterThan(100);
      expect(pages).toBeGreaterThan(10);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
    },
  );

  it("serialises a task read back exactly as the service sent it", async () => {
    const page = await readMirrorTaskPage(
      db.sql,
      parse(new URLSearchParams({ from: "2026-05-01T00:00:00Z", to: "2026-05-03T00:00:00Z" })),
      cursors,
    );
    const sent = new Map(tasks.map((task) => [task.id, task]));
    expect(page.data.length).toBeGreaterThan(0);
    for (const task of page.data) expect(JSON.stringify(task)).toBe(JSON.stringify(sent.get(task.id)));
  });

  it("exports every matching task in the list's order, in batches", async () => {
    const params = new URLSearchParams({
      from: "2026-03-01T00:00:00Z",
      to: "2026-05-01T00:00:00Z",
      sort: "location",
      order: "desc",
    });
    const parsedExport = parseMirrorExportParams(new URL(`http://dashboard/api/export?${params}`), options);
    if (!parsedExport.ok) throw parsedExport.error;
    const batches: string[][] = [];
    for await (const batch of mirrorExportBatches(
      db.sql,
      await mirrorExportIds(db.sql, parsedExport.value),
      undefined,
      97,
    ))
      batches.push(tasksOfBatch(batch).map((task) => task.id));
    const expected = referenceSelection(tasks, parsedExport.value).map((task) => task.id);
    expect(batches.length).toBe(Math.ceil(expected.length / 97));
    expect(batches.flat()).toEqual(expected);
  });

  it("exports a multi-key sort in the list's order", async () => {
    const params = new URLSearchParams({
      ...MULTI_KEY_WINDOW,
      sort: "status,odometer_miles",
      order: "asc,desc",
    });
    const parsedExport = parseMirrorExportParams(new URL(`http://dashboard/api/export?${params}`), options);
    if (!parsedExport.ok) throw parsedExport.error;
    const exported: string[] = [];
    for await (const batch of mirrorExportBatches(
      db.sql,
      await mirrorExportIds(db.sql, parsedExport.value),
      undefined,
      50,
    ))
      exported.push(...tasksOfBatch(batch).map((task) => task.id));
    expect(exported).toEqual(referenceSelection(tasks, parsedExport.value).map((task) => task.id));
  });

  it("exports each task once while the sync changes sort keys between batches", async () => {
    const params = new URLSearchParams({
      from: "2026-03-01T00:00:00Z",
      to: "2026-05-01T00:00:00Z",
      sort: "status",
    });
    const parsedExport = parseMirrorExportParams(new URL(`http://dashboard/api/export?${params}`), options);
    if (!parsedExport.ok) throw parsedExport.error;
    const expected = referenceSelection(tasks, parsedExport.value).map((task) => task.id);
    const seen: string[] = [];
    let moved = false;
    for await (const batch of mirrorExportBatches(
      db.sql,
      await mirrorExportIds(db.sql, parsedExport.value),
      undefined,
      50,
    )) {
      seen.push(...tasksOfBatch(batch).map((task) => task.id));
      if (moved) continue;
      // A task not exported yet moves to a status that sorts before every other: keyset batches
      // would never reach it again; one already exported moves behind: they would meet it twice.
      const ahead = expected[seen.length + 10]!;
      const behind = expected[0]!;
      await db.sql.query(
        "UPDATE mirror_tasks SET status = CASE id WHEN $1 THEN 'aaa' ELSE 'zzz' END WHERE id IN ($1, $2)",
        [ahead, behind],
      );
      moved = true;
    }
    await db.sql.query(
      "UPDATE mirror_tasks SET status = v.status FROM unnest($1::text[], $2::text[]) v(id, status) WHERE mirror_tasks.id = v.id",
      [tasks.map((task) => task.id), tasks.map((task) => task.status)],
    );
    expect(seen.length).toBe(expected.length);
    expect(new Set(seen).size).toBe(expected.length);
  });

  it("leaves out a task moved to a location the reader does not see after its id was listed", async () => {
    const [here, elsewhere] = [...new Set(tasks.map((task) => task.location.id))].sort();
    const params = new URLSearchParams({
      from: "2026-03-01T00:00:00Z",
      to: "2026-05-01T00:00:00Z",
      location_id: here!,
    });
    const parsedExport = parseMirrorExportParams(new URL(`http://dashboard/api/export?${params}`), options);
    if (!parsedExport.ok) throw parsedExport.error;
    const ids = await mirrorExportIds(db.sql, parsedExport.value);
    const moving = ids.at(-1)!;
    const [{ location_id: before } = { location_id: "" }] = await db.sql.query<{ location_id: string }>(
      "SELECT location_id FROM mirror_tasks WHERE id = $1",
      [moving],
    );
    const seen: string[] = [];
    try {
      for await (const batch of mirrorExportBatches(db.sql, ids, [here!], 4)) {
        seen.push(...tasksOfBatch(batch).map((task) => task.id));
        if (seen.length === 4)
          await db.sql.query("UPDATE mirror_tasks SET location_id = $2 WHERE id = $1", [moving, elsewhere]);
      }
    } finally {
      await db.sql.query("UPDATE mirror_tasks SET location_id = $2 WHERE id = $1", [moving, before]);
    }
    expect(ids.length).toBeGreaterThan(4);
    expect(seen).toEqual(ids.slice(0, -1));
  });
});
