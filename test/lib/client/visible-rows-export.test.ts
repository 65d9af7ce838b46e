import { describe, expect, it } from "vitest";
import type { Task } from "@/lib/client/api-types";
import {
  allMatchingFileName,
  visibleRowsCsv,
  visibleRowsFileName,
  type NamedList,
} from "@/lib/client/visible-rows-export";
import { visibleRowsXlsxName } from "@/lib/client/visible-rows-xlsx";
import { sampleTask } from "../support/sample-task";

const UTC_ZONES = { startedName: "UTC", started: () => "UTC", location: () => "UTC" };

const task = (overrides: Partial<Task> = {}) =>
  sampleTask({ location: { id: "lax", name: 'LAX "Airport", Terminal 1' }, ...overrides });

describe("export visible rows", () => {
  it("writes the visible columns under the exports' one list of names, in its order", async () => {
    const zones = {
      startedName: "location time",
      started: () => "America/Los_Angeles",
      location: () => "America/Los_Angeles",
    };
    const csv = (await visibleRowsCsv([task()], ["mva", "started_at", "location", "vin"], zones)).join("");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, row] = csv.slice(1).split("\r\n");
    expect(header).toBe("Started (location time),Started (UTC),MVA,VIN,Location ID,Location,Time zone");
    expect(row).toBe(
      '2026-11-20T00:31:35.951-08:00,2026-11-20T08:31:35.951Z,61234567,,lax,"LAX ""Airport"", Terminal 1",America/Los_Angeles',
    );
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const csv = (
      await visibleRowsCsv(
        [task({ task_type: '=HYPERLINK("http://evil.example","x")' })],
        ["task_type"],
        UTC_ZONES,
      )
    ).join("");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it("writes many rows in slices, pausing between them, in the table's order", async () => {
    const tasks = Array.from({ length: 2_500 }, (_, i) => task({ id: `t-${i}` }));
    let pauses = 0;
    const parts = await visibleRowsCsv(tasks, ["id"], UTC_ZONES, async () => {
      pauses += 1;
    });
    expect(parts).toHaveLength(4);
    expect(pauses).toBe(2);
    const lines = parts.join("").slice(1).split("\r\n");
    expect(lines[0]).toBe("Task ID");
    expect(lines.slice(1, -1)).toEqual(tasks.map((t) => t.id));
    expect(lines.at(-1)).toBe("");
  });

  it("writes the header alone when no row is loaded, and pauses with the browser by default", async () => {
    expect(await visibleRowsCsv([], ["mva"], UTC_ZONES)).toEqual(["\uFEFFMVA\r\n"]);
    const parts = await visibleRowsCsv(
      Array.from({ length: 1_001 }, () => task()),
      ["mva"],
      UTC_ZONES,
    );
    expect(parts).toHaveLength(3);
  });

  it("names the file after the filters and the time of export", () => {
    const name = visibleRowsFileName(
      {
        filters: {
          range: "7d",
          sort: [{ key: "started_at", order: "desc" }],
          location_id: ["lax"],
          task_type: ["oil change"],
        },
        window: { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-08T00:00:00Z") },
        zone: "UTC",
      },
      new Date("2026-11-22T03:15:00Z"),
    );
    expect(name).toBe("tasks_visible_lax_oil-change_2026-11-01--2026-11-08_exported-2026-11-22T0315Z.csv");
  });

  it("names the window by its days in the zone they are counted in, not in UTC", () => {
    // "Yesterday" in Tokyo on 21 November: Tokyo's 20 November, which began on the 19th in UTC.
    const yesterdayInTokyo: NamedList = {
      filters: { range: "yesterday", sort: [{ key: "started_at", order: "desc" }] },
      window: { from: new Date("2026-11-19T15:00:00Z"), to: new Date("2026-11-20T15:00:00Z") },
      zone: "Asia/Tokyo",
    };
    const exportedAt = new Date("2026-11-21T01:00:00Z");
    expect(visibleRowsFileName(yesterdayInTokyo, exportedAt)).toBe(
      "tasks_visible_2026-11-20--2026-11-21_exported-2026-11-21T0100Z.csv",
    );
    expect(visibleRowsXlsxName(yesterdayInTokyo, exportedAt, "selected")).toBe(
      "tasks_selected_2026-11-20--2026-11-21_exported-2026-11-21T0100Z.xlsx",
    );
    // "Export all matching" names its file the same way (the server's own name counts UTC days).
    expect(allMatchingFileName(yesterdayInTokyo, exportedAt, "csv")).toBe(
      "tasks_2026-11-20--2026-11-21_exported-2026-11-21T0100Z.csv",
    );
    // West of UTC the days fall the other way: Denver's 20 November ends on the 21st in UTC.
    const yesterdayInDenver = {
      ...yesterdayInTokyo,
      window: { from: new Date("2026-11-20T07:00:00Z"), to: new Date("2026-11-21T07:00:00Z") },
      zone: "America/Denver",
    };
    expect(visibleRowsFileName(yesterdayInDenver, exportedAt)).toContain("_2026-11-20--2026-11-21_");
  });
});
