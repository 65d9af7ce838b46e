// Small dashboard pages cut from large upstream pages: same rows, same order, nothing lost.
import { describe, expect, it } from "vitest";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { slicePage, type UpstreamPage } from "@/lib/server/bff/page-slicer";

const codec = new DashboardCursorCodec("test-secret-test-secret-test-secret");

/** 1,234 rows served upstream in pages of 500, like the service with limit=500. */
function upstream(total: number) {
  const rows = Array.from({ length: total }, (_, index) => index);
  const calls: (string | null)[] = [];
  const load = async (cursor: string | null): Promise<UpstreamPage<number>> => {
    calls.push(cursor);
    const start = cursor === null ? 0 : Number(cursor);
    const end = Math.min(start + 500, total);
    return {
      data: rows.slice(start, end),
      next_cursor: end < total ? String(end) : null,
      fetchedAt: 1,
      stale: false,
    };
  };
  return { rows, calls, load };
}

/** One dashboard page of `limit` rows from `load`, for the filters bound as "q" unless said. */
function slice(
  load: (cursor: string | null) => Promise<UpstreamPage<number>>,
  limit: number,
  cursor?: string,
  binding = "q",
) {
  return slicePage({ cursor, limit, binding, codec, loadUpstreamPage: load });
}

async function walk(total: number, limit: number, binding = "q") {
  const source = upstream(total);
  const seen: number[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await slicePage({ cursor, limit, binding, codec, loadUpstreamPage: source.load });
    seen.push(...page.data);
    if (page.next_cursor === null) return { seen, source };
    cursor = page.next_cursor;
  }
}

describe("slicePage", () => {
  it.each([1, 7, 100, 499, 500, 501])("walks every row once, in order, with limit %i", async (limit) => {
    const { seen, source } = await walk(1234, limit);
    expect(seen).toEqual(source.rows);
  });

  it("fills a page across an upstream page boundary", async () => {
    const source = upstream(1234);
    const first = await slice(source.load, 450);
    const second = await slice(source.load, 100, first.next_cursor!);
    expect(second.data).toEqual(source.rows.slice(450, 550));
  });

  it("ends with a null cursor on an empty result", async () => {
    const page = await slice(upstream(0).load, 10);
    expect(page).toMatchObject({ data: [], next_cursor: null });
  });

  it("refuses a cursor of other filters or a tampered one", async () => {
    const source = upstream(100);
    const page = await slice(source.load, 10);
    const load = source.load;
    await expect(slice(load, 10, page.next_cursor!, "other")).rejects.toThrow(/cursor/);
    const tampered = `${page.next_cursor!.slice(0, -1)}${page.next_cursor!.endsWith("A") ? "B" : "A"}`;
    await expect(slice(load, 10, tampered)).rejects.toThrow(/cursor/);
  });
});
