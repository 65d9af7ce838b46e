import { describe, expect, it } from "vitest";
import { tabStopRow } from "@/app/(dashboard)/tasks/components/row-tab-stop";

const ROW_PX = 36;
/** Rows `first` to `last` as the virtualizer renders them, each ROW_PX tall. */
const rendered = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, offset) => ({
    index: first + offset,
    start: (first + offset) * ROW_PX,
  }));

describe("the grid's tab stop", () => {
  it("stays on the active row while it is rendered, in view or not", () => {
    expect(tabStopRow(0, rendered(0, 30), 0)).toBe(0);
    // Scrolled a little past it: still rendered (above the view), still the keyboard user's row.
    expect(tabStopRow(3, rendered(0, 40), 10 * ROW_PX)).toBe(3);
  });

  it("moves to the first row shown whole when the active row is not rendered", () => {
    // A wheel scroll, or a list restored deep down, with row 0 still the active one.
    expect(tabStopRow(0, rendered(990, 1030), 1000 * ROW_PX)).toBe(1000);
    // Part of row 1000 is under the sticky header: the first whole row is the next.
    expect(tabStopRow(0, rendered(990, 1030), 1000 * ROW_PX + 5)).toBe(1001);
    // Scrolled back up above a row far below.
    expect(tabStopRow(2000, rendered(0, 30), 0)).toBe(0);
  });

  it("is no row while none is rendered", () => {
    expect(tabStopRow(0, [], 0)).toBeUndefined();
  });
});
