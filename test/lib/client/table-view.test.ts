import { describe, expect, it } from "vitest";
import { displayZone, parseTableView, withTableView } from "@/lib/client/table-view";
import { COLUMN_IDS } from "@/lib/client/task-columns";

describe("table view in the URL", () => {
  it("prefers the URL, then what this browser remembered, then the defaults", () => {
    expect(parseTableView(new URLSearchParams(), {})).toEqual({ zone: "location", columns: [...COLUMN_IDS] });
    expect(parseTableView(new URLSearchParams(), { zone: "utc", columns: ["id"] })).toEqual({
      zone: "utc",
      columns: ["id"],
    });
    expect(parseTableView(new URLSearchParams("tz=local&cols=mva,id"), { zone: "utc" })).toEqual({
      zone: "local",
      columns: ["mva", "id"],
    });
  });

  it("drops unknown and repeated columns", () => {
    expect(parseTableView(new URLSearchParams("cols=mva,evil,mva,id"), {}).columns).toEqual(["mva", "id"]);
    expect(parseTableView(new URLSearchParams("cols=evil"), {}).columns).toEqual([...COLUMN_IDS]);
  });

  it("writes the view beside the filters", () => {
    const url = withTableView(new URLSearchParams("mva=1"), { zone: "utc", columns: ["id", "mva"] });
    expect(url.toString()).toBe("mva=1&tz=utc&cols=id%2Cmva");
  });

  it("shows times in the location's zone, the browser's or UTC", () => {
    expect(displayZone("location", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(displayZone("location", undefined)).toBe("UTC");
    expect(displayZone("utc", "Asia/Tokyo")).toBe("UTC");
    expect(displayZone("local", "Asia/Tokyo")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
