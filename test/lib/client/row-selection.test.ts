import { describe, expect, it } from "vitest";
import type { Task } from "@/lib/client/api-types";
import { extendRange, pickLoaded, toggleRange, toggleRow } from "@/lib/client/row-selection";
import { NO_SELECTION, type RowSelection } from "@/lib/client/use-row-selection";

const rows = ["a", "b", "c", "d", "e"].map((id) => ({ id }) as Task);
const picked = (selection: RowSelection) =>
  rows.filter((row) => selection.ids.has(row.id)).map((row) => row.id);

describe("row selection", () => {
  it("a Shift range takes the state of the row it ends on, from the row last toggled", () => {
    const some = toggleRange(toggleRow(NO_SELECTION, rows, 1), rows, 3);
    expect(picked(some)).toEqual(["b", "c", "d"]);
    // Ending on a picked row unpicks the range back to the row last touched (d).
    expect(picked(toggleRange(some, rows, 2))).toEqual(["b"]);
  });

  it("a Shift range without a row to start from is a toggle", () => {
    expect(picked(toggleRange(NO_SELECTION, rows, 2))).toEqual(["c"]);
  });

  it("Shift with a move key picks the rows passed over, upwards too", () => {
    expect(picked(extendRange(NO_SELECTION, rows, 3, 1))).toEqual(["b", "c", "d"]);
  });

  it("touching a row while every matching task is picked narrows the pick to the loaded rows", () => {
    const all: RowSelection = { ...pickLoaded(NO_SELECTION, []), allMatching: true };
    const narrowed = toggleRow(all, rows, 0);
    expect(narrowed.allMatching).toBe(false);
    expect(picked(narrowed)).toEqual(["b", "c", "d", "e"]);
  });
});
