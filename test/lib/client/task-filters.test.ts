import { describe, expect, it } from "vitest";
import { rangeAround } from "@/lib/client/related-range";
import {
  describeFilters,
  parseTaskFilters,
  rangeWindow,
  taskQuery,
  windowProblem,
  withTaskFilters,
} from "@/lib/client/task-filters";

const NOW = new Date("2026-11-22T12:34:56.000Z");

describe("task filters in the URL", () => {
  it("defaults to the last 7 days, newest first", () => {
    const filters = parseTaskFilters(new URLSearchParams());
    expect(filters).toEqual({ range: "7d", order: "desc" });
    expect(withTaskFilters(new URLSearchParams(), filters).toString()).toBe("");
  });

  it("round-trips every filter and keeps unrelated parameters", () => {
    const params = new URLSearchParams("tz=utc&cols=mva,id");
    const filters = {
      range: "30d" as const,
      order: "asc" as const,
      location_id: "lax",
      mva: "61234567",
      vehicle_id: "veh-1",
      task_type: "oil change",
    };
    const url = withTaskFilters(params, filters);
    expect(url.get("tz")).toBe("utc");
    expect(url.get("cols")).toBe("mva,id");
    expect(parseTaskFilters(url)).toEqual(filters);
  });

  it("keeps a relative range relative and a custom range absolute", () => {
    expect(withTaskFilters(new URLSearchParams(), { range: "24h", order: "desc" }).toString()).toBe(
      "range=24h",
    );
    const custom = withTaskFilters(new URLSearchParams(), {
      range: "custom",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-08T00:00:00.000Z",
      order: "desc",
    });
    expect(custom.has("range")).toBe(false);
    expect(parseTaskFilters(custom)).toMatchObject({ range: "custom", from: "2026-11-01T00:00:00.000Z" });
  });

  it("ignores values it cannot use instead of failing the page", () => {
    const filters = parseTaskFilters(
      new URLSearchParams("range=forever&order=sideways&from=yesterday&to=x&mva=%20%20"),
    );
    expect(filters).toEqual({ range: "7d", order: "desc" });
  });

  it("resolves presets against now", () => {
    expect(rangeWindow({ range: "24h", order: "desc" }, NOW)).toEqual({
      from: new Date("2026-11-21T12:34:56.000Z"),
      to: NOW,
    });
    const week = rangeWindow({ range: "7d", order: "desc" }, NOW);
    expect(NOW.getTime() - week.from.getTime()).toBe(7 * 86_400_000);
    const today = rangeWindow({ range: "today", order: "desc" }, NOW);
    expect(today.to.getTime() - today.from.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(today.from.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(today.to.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it("names a window the service would refuse", () => {
    const from = new Date("2026-01-01T00:00:00Z");
    expect(windowProblem({ from, to: new Date("2026-04-03T00:00:01Z") }, 92)).toBe(
      "The window may span at most 92 days; this one spans 93 days.",
    );
    expect(windowProblem({ from, to: new Date("2026-04-02T00:00:00Z") }, 92)).toBeUndefined();
    expect(windowProblem({ from, to: new Date("2026-06-01T00:00:00Z") }, 92)).toMatch(
      /at most 92 days; this one spans 151/,
    );
    expect(windowProblem({ from, to: from }, 92)).toBe('"From" must be before "To".');
  });

  it("asks the dashboard API with the service's parameter names", () => {
    const window = { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-02T00:00:00Z") };
    const query = taskQuery({ range: "custom", order: "asc", mva: "123" }, window);
    expect(Object.fromEntries(query)).toEqual({
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-02T00:00:00.000Z",
      order: "asc",
      mva: "123",
    });
  });

  it("describes active filters in words", () => {
    const words = describeFilters(
      { range: "30d", order: "desc", location_id: "lax", mva: "7" },
      () => "LAX Airport",
    );
    expect(words).toEqual(["Last 30 days", "location LAX Airport", "MVA 7"]);
  });
});

describe("rangeAround (the range of a task's related-tasks links)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const lastWeek = { range: "7d", order: "desc" } as const;
  const lastWeekWindow = { from: new Date("2026-11-15T12:00:00Z"), to: now };

  it("keeps the list's range when it holds the task", () => {
    expect(rangeAround("2026-11-20T08:00:00Z", lastWeek, lastWeekWindow, now)).toEqual({
      range: "7d",
      from: undefined,
      to: undefined,
    });
  });

  it("widens to the last 30 days for an older task within them", () => {
    expect(rangeAround("2026-11-01T08:00:00Z", lastWeek, lastWeekWindow, now).range).toBe("30d");
  });

  it("centres 30 days on a task outside the last 30 days, past or booked ahead", () => {
    expect(rangeAround("2026-06-01T00:00:00Z", lastWeek, lastWeekWindow, now)).toEqual({
      range: "custom",
      from: "2026-05-17T00:00:00.000Z",
      to: "2026-06-16T00:00:00.000Z",
    });
    const ahead = rangeAround("2026-12-01T09:00:00Z", lastWeek, lastWeekWindow, now);
    expect(ahead.range).toBe("custom");
    expect(Date.parse(ahead.from!)).toBeLessThan(Date.parse("2026-12-01T09:00:00Z"));
    expect(Date.parse(ahead.to!)).toBeGreaterThan(Date.parse("2026-12-01T09:00:00Z"));
  });
});
