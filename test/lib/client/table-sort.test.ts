import { describe, expect, it } from "vitest";
import { sortAfterClick } from "@/lib/client/table-sort";
import type { SortKey, SortTerm } from "@/lib/client/task-filters";

// What clicking a header does to the sort, written as the URL writes it: "location asc, mva desc".
const text = (sort: readonly SortTerm[]) => sort.map(({ key, order }) => `${key} ${order}`).join(", ");
const sortOf = (written: string): SortTerm[] =>
  written.split(", ").map((term) => {
    const [key, order] = term.split(" ") as [SortKey, "asc" | "desc"];
    return { key, order };
  });
const click = (written: string, key: SortKey, shift = false) =>
  text(sortAfterClick(sortOf(written), key, shift));

describe("a click on a sortable header", () => {
  it("sorts by that column alone, the other way when it is the only key", () => {
    expect(click("started_at desc", "mva")).toBe("mva asc");
    expect(click("mva asc", "mva")).toBe("mva desc");
    expect(click("mva asc", "started_at")).toBe("started_at desc");
    expect(click("location asc, mva desc", "mva")).toBe("mva asc");
    expect(click("location asc, mva desc", "location")).toBe("location asc");
  });

  it("with Shift adds the column as the next key, in its first direction", () => {
    expect(click("started_at desc", "location", true)).toBe("started_at desc, location asc");
    expect(click("location asc", "odometer_miles", true)).toBe("location asc, odometer_miles asc");
    expect(click("location asc, mva asc", "started_at", true)).toBe("location asc, mva asc, started_at desc");
  });

  it("with Shift on a fourth column takes the last key's place", () => {
    expect(click("location asc, mva asc, status desc", "task_type", true)).toBe(
      "location asc, mva asc, task_type asc",
    );
  });

  it("with Shift on a key flips it, then drops it; the only key only flips", () => {
    expect(click("location asc, mva asc", "mva", true)).toBe("location asc, mva desc");
    expect(click("location asc, mva desc", "mva", true)).toBe("location asc");
    expect(click("location desc, mva asc", "location", true)).toBe("mva asc");
    expect(click("mva asc", "mva", true)).toBe("mva desc");
    expect(click("mva desc", "mva", true)).toBe("mva asc");
  });
});
