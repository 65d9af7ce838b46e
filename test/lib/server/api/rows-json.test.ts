// A page's rows as JSON from the kept text of its upstream slices: byte for byte what
// JSON.stringify gives, whichever pages and offsets the slice spans, served again or not.
import { describe, expect, it } from "vitest";
import { DashboardCursorCodec } from "@/lib/server/api/dashboard-cursor";
import { slicePage, type UpstreamPage } from "@/lib/server/api/page-slicer";
import { rowsJson } from "@/lib/server/api/rows-json";

const codec = new DashboardCursorCodec("test-secret-test-secret-test-secret");

/** Upstream pages of 500 rows each; the same arrays on every load, as the cache hands them out. */
function upstream(total: number) {
  const rows = Array.from({ length: total }, (_, id) => ({
    id: `tsk_${id}`,
    note: id % 7 ? null : `"quoted" ${id}`,
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

describe("rowsJson", () => {
  it("gives JSON.stringify's text for every page of a walk, inside and across upstream pages, twice", async () => {
    const load = upstream(1_234);
    for (const round of [1, 2]) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await slicePage({ cursor, limit: 300, binding: "q", codec, loadUpstreamPage: load });
        expect(rowsJson(page.data), `round ${round}, page ${pages}`).toBe(JSON.stringify(page.data));
        cursor = page.next_cursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
    }
  });

  it("stringifies rows it was not told the slices of, and an empty page", async () => {
    expect(rowsJson([{ a: 1 }, { b: [2] }])).toBe('[{"a":1},{"b":[2]}]');
    const page = await slicePage({
      cursor: undefined,
      limit: 10,
      binding: "q",
      codec,
      loadUpstreamPage: upstream(0),
    });
    expect(rowsJson(page.data)).toBe("[]");
  });
});
