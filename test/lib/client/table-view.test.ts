import { describe, expect, it, vi } from "vitest";
import {
  changedView,
  DEFAULT_VIEW,
  displayZone,
  parseTableView,
  rememberedViewSnapshot,
  rememberView,
  widthsWithinLimits,
  withLinkPins,
  withTableView,
} from "@/lib/client/table-view";
import { COLUMN_IDS } from "@/lib/task-format/task-columns";

describe("table view in the URL", () => {
  it("prefers the URL, then what this browser remembered, then the defaults", () => {
    expect(parseTableView(new URLSearchParams(), {})).toEqual({
      zone: "location",
      columns: [...COLUMN_IDS],
      widths: {},
      pinned: [],
    });
    expect(
      parseTableView(new URLSearchParams(), {
        zone: "utc",
        columns: ["id", "mva"],
        widths: { id: 200 },
        pinned: ["mva"],
      }),
    ).toEqual({ zone: "utc", columns: ["mva", "id"], widths: { id: 200 }, pinned: ["mva"] });
    expect(
      parseTableView(new URLSearchParams("tz=local&cols=mva,id&widths=mva:90"), {
        zone: "utc",
        widths: { id: 200 },
      }),
    ).toEqual({ zone: "local", columns: ["mva", "id"], widths: { mva: 90 }, pinned: [] });
  });

  it("keeps widths of known columns within the limits, in whole pixels", () => {
    const widths = parseTableView(
      new URLSearchParams(
        "widths=mva:90,evil:100,location:5,id:99999,vin:12.5,status:abc,odometer_miles:800,task_type:0x78,vehicle_id:120:x",
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
      pinned: [],
    });
    expect(url.toString()).toBe("mva=1&tz=utc&cols=id%2Cmva");
    const sized = withTableView(url, {
      zone: "utc",
      columns: ["id", "mva"],
      widths: { mva: 120.4 },
      pinned: [],
    });
    expect(sized.get("widths")).toBe("mva:120");
    expect(parseTableView(sized, {}).widths).toEqual({ mva: 120 });
  });

  it("pins known, visible columns and puts them first, and writes pin only when one is", () => {
    const read = (query: string) => parseTableView(new URLSearchParams(query), {}).pinned;
    // In the order they stood among the visible columns.
    expect(read("pin=vehicle_id,mva")).toEqual(["mva", "vehicle_id"]);
    expect(read("pin=mva,evil,mva")).toEqual(["mva"]);
    // A hidden column is not pinned.
    expect(read("cols=id,status&pin=mva,status")).toEqual(["status"]);
    expect(read("pin=")).toEqual([]);
    expect(parseTableView(new URLSearchParams("cols=id,status,vin,mva&pin=mva,status"), {}).columns).toEqual([
      "status",
      "mva",
      "id",
      "vin",
    ]);

    const view = { ...DEFAULT_VIEW, pinned: ["mva" as const] };
    const written = withTableView(new URLSearchParams("pin=id"), view);
    expect(written.get("pin")).toBe("mva");
    expect(parseTableView(written, {}).pinned).toEqual(["mva"]);
    expect(withTableView(written, DEFAULT_VIEW).has("pin")).toBe(false);
  });

  it("takes this browser's pins and widths only for a link that does not name its columns", () => {
    const remembered = { columns: ["mva", "id"] as const, pinned: ["mva" as const], widths: { id: 200 } };
    const read = (query: string) => {
      const { pinned, widths } = parseTableView(new URLSearchParams(query), {
        ...remembered,
        columns: [...remembered.columns],
      });
      return { pinned, widths };
    };
    expect(read("")).toEqual({ pinned: ["mva"], widths: { id: 200 } });
    // A shared link shows what its sender saw, whatever the reader resized and pinned.
    expect(read("tz=utc&cols=mva,id")).toEqual({ pinned: [], widths: {} });
    expect(read("cols=mva,id&pin=id&widths=mva:90")).toEqual({ pinned: ["id"], widths: { mva: 90 } });
    // Filters alone (a location's "its tasks" link) are no view of their own.
    expect(read("location_id=lax")).toEqual({ pinned: ["mva"], widths: { id: 200 } });
  });

  it("holds widths a person sets within the limits a link reads them with", () => {
    const held = widthsWithinLimits({
      mva: 0,
      vin: -30,
      id: 47.6,
      location: 120.5,
      task_type: 800.4,
      status: 5000,
    });
    expect(held).toEqual({ mva: 48, vin: 48, id: 48, location: 120.5, task_type: 800, status: 800 });
    // Written and read back as set: no column falls back to its default on the next visit.
    expect(
      parseTableView(withTableView(new URLSearchParams(), { ...DEFAULT_VIEW, widths: held }), {}).widths,
    ).toEqual({ mva: 48, vin: 48, id: 48, location: 121, task_type: 800, status: 800 });
  });

  it("unpins a column it hides, puts a newly pinned one last of the pinned, and corrects a link's pins", () => {
    const view = {
      ...DEFAULT_VIEW,
      columns: ["mva", "vin", "id", "status"],
      pinned: ["mva", "vin"],
    } as const;
    const hidden = changedView(
      { ...view, columns: [...view.columns], pinned: [...view.pinned] },
      { columns: ["mva", "id"] },
    );
    expect(hidden.pinned).toEqual(["mva"]);
    const pinned = changedView(hidden, { pinned: [...hidden.pinned, "id"] });
    expect(pinned).toMatchObject({ columns: ["mva", "id"], pinned: ["mva", "id"] });
    const unpinned = changedView(
      { ...view, columns: [...view.columns], pinned: [...view.pinned] },
      { pinned: ["vin"] },
    );
    expect(unpinned).toMatchObject({ columns: ["vin", "mva", "id", "status"], pinned: ["vin"] });
    expect(withLinkPins(new URLSearchParams("cols=mva,id&pin=vin,mva,mva")).get("pin")).toBe("mva");
    expect(withLinkPins(new URLSearchParams("pin=evil")).has("pin")).toBe(false);
    expect(withLinkPins(new URLSearchParams("range=7d")).toString()).toBe("range=7d");
  });

  it("shows times in the location's zone, the browser's or UTC", () => {
    expect(displayZone("location", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(displayZone("location", undefined)).toBe("UTC");
    expect(displayZone("utc", "Asia/Tokyo")).toBe("UTC");
    expect(displayZone("local", "Asia/Tokyo")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe("the view this browser remembers", () => {
  it("is the same object until a new view is remembered, and then that view", () => {
    const stored = new Map<string, string>();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
    });
    try {
      rememberView({ ...DEFAULT_VIEW, zone: "local" });
      const first = rememberedViewSnapshot();
      expect(first.zone).toBe("local");
      expect(rememberedViewSnapshot()).toBe(first);
      rememberView({ ...DEFAULT_VIEW, zone: "utc", columns: ["id", "started_at"] });
      expect(rememberedViewSnapshot()).toMatchObject({ zone: "utc", columns: ["id", "started_at"] });
    } finally {
      vi.unstubAllGlobals();
      // Leaves no remembered view behind for the files this worker runs next (no storage: nothing kept).
      rememberView(DEFAULT_VIEW);
    }
  });
});
