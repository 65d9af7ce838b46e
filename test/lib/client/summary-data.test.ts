import { describe, expect, it } from "vitest";
import type { TaskSummary } from "@/lib/client/api-types";
import { dayWindow, midnightIn } from "@/lib/client/summary-day-window";
import { mirrorProgress } from "@/lib/client/summary-mirror-wait";
import { orderStatuses } from "@/lib/client/summary-status-order";
import { pickFilters } from "@/lib/client/summary-pick";
import { summaryRows } from "@/lib/client/summary-rows";
import { summaryZone } from "@/lib/client/summary-zone";

const summary: TaskSummary = {
  total: 6,
  by_status: { completed: 3, in_progress: 1, on_hold: 1, scheduled: 1 },
  by_task_type: { car_wash: 2, oil_change: 2, "Custom,job": 1, tire_rotation: 1 },
  by_location: [
    { id: "loc_b", name: "Boise", total: 2 },
    { id: "loc_a", name: "Anchorage", total: 4 },
  ],
  by_day: [
    { day: "2026-11-19", total: 0, by_status: {} },
    { day: "2026-11-20", total: 6, by_status: { completed: 3, in_progress: 1, on_hold: 1, scheduled: 1 } },
  ],
  as_of: "2026-11-20T12:00:00.000Z",
};

describe("summary rows", () => {
  it("stacks known statuses in their life's order, a new one after them, zero-filled per day", () => {
    const rows = summaryRows(summary);
    expect(rows.dayStatuses).toEqual(["scheduled", "in_progress", "completed", "on_hold"]);
    expect(rows.days).toEqual([
      { day: "2026-11-19", total: 0, counts: [0, 0, 0, 0] },
      { day: "2026-11-20", total: 6, counts: [1, 1, 3, 1] },
    ]);
    expect(rows.statuses.map((row) => row.label)).toEqual([
      "Scheduled",
      "In progress",
      "Completed",
      "on_hold",
    ]);
  });

  it("lists the top task types by count with readable labels, unknown codes as they are, and sums the rest", () => {
    const rows = summaryRows(summary, 3);
    expect(rows.taskTypes).toEqual([
      { key: "car_wash", label: "Car wash", count: 2 },
      { key: "oil_change", label: "Oil change", count: 2 },
      { key: "Custom,job", label: "Custom,job", count: 1 },
    ]);
    expect(rows.otherTaskTypes).toEqual({ types: 1, count: 1 });
    expect(rows.locations.map((row) => row.key)).toEqual(["loc_a", "loc_b"]);
  });

  it("orders statuses it does not know after the known ones, by name", () => {
    expect(orderStatuses(["toString", "completed", "on_hold", "scheduled"])).toEqual([
      "scheduled",
      "completed",
      "on_hold",
      "toString",
    ]);
  });
});

describe("days in a zone", () => {
  it("finds local midnight on both sides of a daylight-saving change", () => {
    expect(midnightIn("2026-11-01", "America/Denver").toISOString()).toBe("2026-11-01T06:00:00.000Z");
    expect(midnightIn("2026-11-02", "America/Denver").toISOString()).toBe("2026-11-02T07:00:00.000Z");
    expect(midnightIn("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(midnightIn("2026-11-20", "UTC").toISOString()).toBe("2026-11-20T00:00:00.000Z");
    // Sydney leaves summer time at 03:00 that morning: 10:00 that day (its offset then) is past the
    // change, so the first guess is an hour late.
    expect(midnightIn("2026-04-05", "Australia/Sydney").toISOString()).toBe("2026-04-04T13:00:00.000Z");
  });

  it("cuts a day to the window the bar counted", () => {
    const within = { from: new Date("2026-11-20T15:30:00Z"), to: new Date("2026-11-27T15:30:00Z") };
    const first = dayWindow("2026-11-20", "UTC", within);
    expect([first.from.toISOString(), first.to.toISOString()]).toEqual([
      "2026-11-20T15:30:00.000Z",
      "2026-11-21T00:00:00.000Z",
    ]);
    const change = pickFilters({ day: "2026-11-27" }, within, "UTC");
    expect(change).toEqual({
      range: "custom",
      from: "2026-11-27T00:00:00.000Z",
      to: "2026-11-27T15:30:00.000Z",
    });
  });
});

describe("the summary's zone and query", () => {
  const zones = new Map([
    ["loc_den", "America/Denver"],
    ["loc_den2", "America/Denver"],
    ["loc_nyc", "America/New_York"],
  ]);

  it("uses the location's zone when the tasks in view share one", () => {
    expect(summaryZone("location", ["loc_nyc"], zones)).toBe("America/New_York");
    expect(summaryZone("location", ["loc_den", "loc_den2"], zones)).toBe("America/Denver");
    expect(summaryZone("utc", ["loc_nyc"], zones)).toBe("UTC");
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(summaryZone("location", [], zones)).toBe(browser);
  });

  it("reads the mirror's progress from its message, and nothing from another", () => {
    const message =
      "The task mirror is still filling: 3 of 12 windows of this range are synced (40 of 90 in all). Try again shortly.";
    expect(mirrorProgress(message)).toEqual({ done: 3, total: 12 });
    expect(mirrorProgress("The task mirror is not available on this dashboard instance.")).toBeUndefined();
  });
});
