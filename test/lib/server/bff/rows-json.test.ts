// A page's rows as JSON from the kept bytes of its upstream slices: byte for byte what
// JSON.stringify gives, whichever pages and offsets the slice spans, served again or not.
import { describe, expect, it } from "vitest";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { slicePage, type UpstreamPage } from "@/lib/server/bff/page-slicer";
import { jsonAroundRows } from "@/lib/server/bff/page-slicer";

/** What the kept bytes must equal: the answer written whole by JSON.stringify, as UTF-8. */
const expected = (rows: unknown[]) => Buffer.from(`{"data":${JSON.stringify(rows)},"next_cursor":null}`);
const around = (rows: unknown[]) => jsonAroundRows('{"data":', rows, ',"next_cursor":null}');

const codec = new DashboardCursorCodec("test-secret-test-secret-test-secret");

/** Upstream pages of 500 rows each; the same arrays on every load, as the cache hands them out. */
function upstream(total: number) {
  const rows = Array.from({ length: total }, (_, id) => ({
    id: `tsk_${id}`,
    // Quotes, a character beyond Latin-1 and one beyond the BMP: UTF-8 of one to four bytes.
    note: id % 7 ? null : `"quoted" Seattle–Tacoma 🚗 ${id}`,
  }));
  const pages = new Map<string | null, UpstreamPage<(typeof rows)[number]>>();
  return async (cursor: string | null) => {
    const start = cursor === null ? 0 : Number(cursor);
    let page = pages.get(cursor);
    if (!page) {
      const end = Math.min(start + 500, total);
      page = {
        data: rows.slice(start, end),
        next_cursor: end < total ? String(end) : null,
        fetchedAt: 1,
        stale: false,
      };
      pages.set(cursor, page);
    }
    return page;
  };
}

describe("jsonAroundRows", () => {
  it("gives JSON.stringify's text for every page of a walk, inside and across upstream pages, twice", async () => {
    const load = upstream(1_234);
    for (const round of [1, 2]) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await slicePage({ cursor, limit: 300, binding: "q", codec, loadUpstreamPage: load });
        expect(around(page.data).equals(expected(page.data)), `round ${round}, page ${pages}`).toBe(true);
        cursor = page.next_cursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
    }
  });

  it("keeps each slice apart when walks of other page sizes cut the same upstream page", async () => {
    const load = upstream(1_234);
    for (const limit of [300, 100, 300, 7]) {
      let cursor: string | undefined;
      do {
        const page = await slicePage({ cursor, limit, binding: "q", codec, loadUpstreamPage: load });
        expect(around(page.data).equals(expected(page.data)), `limit ${limit}`).toBe(true);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
    }
  });

  it("writes no stray comma for an empty upstream page before or between full ones", async () => {
    const rows = [{ id: "a" }, { id: "b" }];
    const pages: Record<string, UpstreamPage<{ id: string }>> = {
      first: { data: [], next_cursor: "second", fetchedAt: 1, stale: false },
      second: { data: rows.slice(0, 1), next_cursor: "third", fetchedAt: 1, stale: false },
      third: { data: [], next_cursor: "fourth", fetchedAt: 1, stale: false },
      fourth: { data: rows.slice(1), next_cursor: null, fetchedAt: 1, stale: false },
    };
    const page = await slicePage({
      cursor: undefined,
      limit: 10,
      binding: "q",
      codec,
      loadUpstreamPage: async (cursor) => pages[cursor ?? "first"]!,
    });
    expect(page.data).toEqual(rows);
    expect(around(page.data).toString()).toBe(expected(rows).toString());
  });

  it("stringifies rows it was not told the slices of, and an empty page", async () => {
    expect(jsonAroundRows("<", [{ a: 1 }, { b: [2] }], ">").toString()).toBe('<[{"a":1},{"b":[2]}]>');
    const page = await slicePage({
      cursor: undefined,
      limit: 10,
      binding: "q",
      codec,
      loadUpstreamPage: upstream(0),
    });
    expect(around(page.data).toString()).toBe('{"data":[],"next_cursor":null}');
  });
});
