import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryStatement } from "@/lib/server/mirror/read/read-summary";
import {
  LIST_FILTERS,
  SORT_KEYS,
  type MirrorTaskQuery,
  type SortKey,
} from "@/lib/server/mirror/read/mirror-task-query";
import type { Statement } from "@/lib/server/mirror/read/mirror-sql";
import { taskPageStatement } from "@/lib/server/mirror/read/query-sql";
import type { MirrorDatabase } from "./support/mirror-databases";
import { STORES, syncedSandboxMirror } from "./support/mirror-fixture";

// Migration 2's indexes serve the reads: every sort's page comes in index order from its keyset
// (no sort of the matching rows, so a deep page costs what page 1 does), every list filter's count
// is a range scan of its own index, and the summary reads its index only. Plans are asked with
// sequential and bitmap scans and sorts priced out, so they show what an index can serve, not
// what a few thousand rows make cheapest. bench/mirror measures the same over 1,000,000 tasks.

const FILTERS = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z", lists: {}, q: undefined };

describe.each(STORES)("read indexes on %s", (store) => {
  let db: MirrorDatabase;

  beforeAll(async () => {
    ({ db } = await syncedSandboxMirror(store, "read_indexes", 3_000, 1));
    await db.exec(
      "SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off; SET enable_incremental_sort = off",
    );
  });
  afterAll(() => db?.close());

  async function plan({ text, values }: Statement): Promise<string> {
    const rows = await db.sql.query<{ "QUERY PLAN": string }>(`EXPLAIN (COSTS OFF) ${text}`, values);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  }

  const keyValue = (sort: SortKey) =>
    sort === "odometer_miles" ? 50_000 : sort === "started_at" ? "2026-03-15T00:00:00.000Z" : "m";

  it.each(SORT_KEYS.flatMap((sort) => [[sort, "asc"] as const, [sort, "desc"] as const]))(
    "pages sort=%s order=%s from the keyset in index order",
    async (sort, order) => {
      const query: MirrorTaskQuery = {
        filters: FILTERS,
        sort: [{ key: sort, order }],
        limit: 100,
        after: [keyValue(sort), "2026-03-15T00:00:00.000Z", "t"],
      };
      const shown = await plan(taskPageStatement(query, 100, false));
      expect(shown).not.toMatch(/Sort/);
      expect(shown).toMatch(/Index Scan( Backward)? using mirror_tasks_by_/);
    },
  );

  it.each(LIST_FILTERS)("counts a %s list by its own index", async (name) => {
    const query: MirrorTaskQuery = {
      filters: { ...FILTERS, lists: { [name]: ["a", "b"] } },
      sort: [{ key: "started_at", order: "asc" }],
      limit: 100,
      after: undefined,
    };
    const index = {
      location_id: "location",
      task_type: "task_type",
      status: "status",
      mva: "mva",
      vehicle_id: "vehicle",
    };
    expect(await plan(taskPageStatement(query, 100, true))).toMatch(
      `Index Only Scan using mirror_tasks_by_${index[name]} `,
    );
  });

  it("finds q by the trigram index", async () => {
    // The trigram index is read through a bitmap; ordered index scans are priced out instead.
    await db.exec("SET enable_bitmapscan = on; SET enable_indexscan = off; SET enable_indexonlyscan = off");
    try {
      const query: MirrorTaskQuery = {
        filters: { ...FILTERS, q: "LM6BR7" },
        sort: [{ key: "started_at", order: "asc" }],
        limit: 100,
        after: undefined,
      };
      expect(await plan(taskPageStatement(query, 100, true))).toMatch(
        "Bitmap Index Scan on mirror_tasks_search",
      );
    } finally {
      await db.exec("SET enable_bitmapscan = off; SET enable_indexscan = on; SET enable_indexonlyscan = on");
    }
  });

  it("sums a window by its summary index only", async () => {
    const shown = await plan(summaryStatement({ filters: FILTERS, tz: "America/Denver" }));
    expect(shown).toMatch("Index Only Scan using mirror_tasks_for_summary");
  });
});
