import { describe, expect, it } from "vitest";
import { displayZone, parseTableView, withTableView } from "@/lib/client/table-view";
import { COLUMN_IDS } from "@/lib/task-format/task-columns";

describe("table view in the URL", () => {
  it("prefers the URL, then what this browser remembered, then the defaults", () => {
    expect(parseTableView(new URLSearchParams(), {})).toEqual({
      zone: "location",
      columns: [...COLUMN_IDS],
      widths: {},
    });
    expect(
      parseTableView(new URLSearchParams(), { zone: "utc", columns: ["id"], widths: { id: 200 } }),
    ).toEqual({ zone: "utc", columns: ["id"], widths: { id: 200 } });
    expect(
      parseTableView(new URLSearchParams("tz=local&cols=mva,id&widths=mva:90"), {
        zone: "utc",
        widths: { id: 200 },
      }),
    ).toEqual({ zone: "local", columns: ["mva", "id"], widths: { mva: 90 } });
  });

  it("keeps widths of known columns within the limits, in whole pixels", () => {
    const widths = parseTableView(
      new URLSearchParams(
        "widths=mva:90,evil:100,location:5,id:99999,vin:12.5,status:abc,odometer_miles:800",
      ),
      {},
    ).widths;
    expect(widths).toEqual({ mva: 90, odometer_miles: 800 });
  });

  it("drops unknown and repeated columns", () => {
    expect(parseTableView(new URLSearchParams("cols=mva,evil,mva,id"), {}).columns).toEqual(["mva", "id"]);
    expect(parseTableView(new URLSearchParams("cols=evil"), {}).columns).toEqual([...COLUMN_IDS]);
  });

  it("writes the view beside the filters", () => {
    const url = withTableView(new URLSearchParams("mva=1"), {
      zone: "utc",
      columns: ["id", "mva"],
      widths: {},
    });
    expect(url.toString()).toBe("mva=1&tz=utc&cols=id%2Cmva");
    const sized = withTableView(url, { zone: "utc", columns: ["id", "mva"], widths: { mva: 120.4 } });
    expect(sized.get("widths")).toBe("mva:120");
    expect(parseTableView(sized, {}).widths).toEqual({ mva: 120 });
  });

  it("shows times in the location's zone, the browser's or UTC", () => {
    expect(displayZone("location", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(displayZone("location", undefined)).toBe("UTC");
    expect(displayZone("utc", "Asia/Tokyo")).toBe("UTC");
    expect(displayZone("local", "Asia/Tokyo")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
