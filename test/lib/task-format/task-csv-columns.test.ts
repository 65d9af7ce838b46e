import { describe, expect, it } from "vitest";
import { startedHeader } from "@/lib/task-format/started-header";
import { taskCsv, type CsvZones } from "@/lib/task-format/task-csv-columns";
import { sampleTask } from "../support/sample-task";

const task = sampleTask();

const locationTime: CsvZones = {
  startedName: "location time",
  started: () => "America/Los_Angeles",
  location: () => "America/Los_Angeles",
};

describe("the one list of CSV columns both exports write", () => {
  it("names every column, and says which zone Started is in", () => {
    const csv = taskCsv(undefined, locationTime);
    expect(csv.header).toEqual([
      "Task ID",
      "Started (location time)",
      "Started (UTC)",
      "Task type",
      "Status",
      "MVA",
      "Vehicle",
      "VIN",
      "Location ID",
      "Location",
      "Time zone",
      "Odometer (mi)",
    ]);
    expect(csv.cells(task)).toEqual([
      "t-1",
      "2026-11-20T00:31:35.951-08:00",
      "2026-11-20T08:31:35.951Z",
      "oil_change",
      "completed",
      "61234567",
      "veh-1",
      null,
      "lax",
      "LAX Airport",
      "America/Los_Angeles",
      42_000,
    ]);
  });

  it("keeps its names and order for fewer columns, whatever order the table shows them in", () => {
    const chicago = { ...locationTime, startedName: "America/Chicago", started: () => "America/Chicago" };
    const csv = taskCsv(["mva", "started_at", "location"], chicago);
    expect(csv.header).toEqual([
      "Started (America/Chicago)",
      "Started (UTC)",
      "MVA",
      "Location ID",
      "Location",
      "Time zone",
    ]);
    expect(csv.cells(task)).toEqual([
      "2026-11-20T02:31:35.951-06:00",
      "2026-11-20T08:31:35.951Z",
      "61234567",
      "lax",
      "LAX Airport",
      "America/Los_Angeles",
    ]);
  });

  it("writes Started once in UTC, and leaves a zone it does not know empty", () => {
    const utc = { startedName: "UTC", started: () => "UTC", location: () => undefined };
    const csv = taskCsv(["started_at", "location"], utc);
    expect(csv.header).toEqual(["Started (UTC)", "Location ID", "Location", "Time zone"]);
    expect(csv.cells(task)).toEqual(["2026-11-20T08:31:35.951Z", "lax", "LAX Airport", null]);
  });

  it("names the table's Started header the same way", () => {
    expect(startedHeader("location time")).toBe("Started (location time)");
  });
});
