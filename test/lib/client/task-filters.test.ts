import { describe, expect, it } from "vitest";
import { rangeAround } from "@/lib/client/related-range";
import { describeFilters } from "@/lib/client/filter-words";
import {
  DEFAULT_FILTERS,
  parseTaskFilters,
  rangeWindow,
  windowProblem,
  withTaskFilters,
  type TaskFilters,
} from "@/lib/client/task-filters";

const NOW = new Date("2026-11-22T12:34:56.000Z");

describe("task filters in the URL", () => {
  it("defaults to the last 7 days, by Started, newest first", () => {
    const filters = parseTaskFilters(new URLSearchParams());
    expect(filters).toEqual({ range: "7d", sort: [{ key: "started_at", order: "desc" }] });
    expect(withTaskFilters(new URLSearchParams(), filters).toString()).toBe("");
  });

  it("round-trips every filter and keeps unrelated parameters", () => {
    const params = new URLSearchParams("tz=utc&cols=mva,id");
    const filters: TaskFilters = {
      range: "last_month",
      sort: [{ key: "location", order: "asc" }],
      status: ["completed", "in_progress"],
      location_id: ["lax", "sea"],
      mva: ["61234567"],
      vehicle_id: ["veh-1", "veh-2"],
      task_type: ["oil change", "tires, front", "back\\slash"],
      q: "50%_off",
    };
    const url = withTaskFilters(params, filters);
    expect(url.get("tz")).toBe("utc");
    expect(url.get("cols")).toBe("mva,id");
    expect(url.get("status")).toBe("completed,in_progress");
    expect(url.get("task_type")).toBe("oil change,tires\\, front,back\\\\slash");
    expect(url.get("sort")).toBe("location");
    expect(parseTaskFilters(url)).toEqual(filters);
  });

  it("writes the order beside any sort but Started, whose newest-first needs no words", () => {
    const sorted = withTaskFilters(new URLSearchParams(), {
      ...DEFAULT_FILTERS,
      sort: [{ key: "mva", order: "desc" }],
    });
    expect(sorted.toString()).toBe("sort=mva&order=desc");
    expect(withTaskFilters(new URLSearchParams(), DEFAULT_FILTERS).toString()).toBe("");
    const oldestFirst = withTaskFilters(new URLSearchParams(), {
      ...DEFAULT_FILTERS,
      sort: [{ key: "started_at", order: "asc" }],
    });
    expect(oldestFirst.toString()).toBe("order=asc");
  });

  it.each([
    ["sort=location,odometer_miles&order=asc,desc", "location asc, odometer_miles desc"],
    ["sort=location,odometer_miles&order=asc", "location asc, odometer_miles asc"],
    ["sort=status,started_at,mva&order=desc,asc,desc", "status desc, started_at asc, mva desc"],
    // The page's own default direction where the link gives none: newest first, Z to A.
    ["sort=location,mva", "location desc, mva desc"],
  ])("reads the sort list %s as %s and writes it back as it was", (query, expected) => {
    const filters = parseTaskFilters(new URLSearchParams(query));
    expect(filters.sort.map(({ key, order }) => `${key} ${order}`).join(", ")).toBe(expected);
    const written = withTaskFilters(new URLSearchParams(), filters);
    expect(parseTaskFilters(written).sort).toEqual(filters.sort);
    if (query.includes("order=")) expect(written.toString()).toBe(query.replaceAll(",", "%2C"));
  });

  it.each([
    ["sort=location,colour&order=asc", "started_at desc"],
    ["sort=location,location", "started_at desc"],
    ["sort=location,", "started_at desc"],
    ["sort=location,mva,status,task_type", "started_at desc"],
    ["sort=location,mva&order=asc,desc,asc", "location desc, mva desc"],
    ["sort=location,mva&order=asc,up", "location desc, mva desc"],
    ["sort=location&order=asc,desc", "location desc"],
  ])("shows what the API would refuse of %s as %s", (query, expected) => {
    const filters = parseTaskFilters(new URLSearchParams(query));
    expect(filters.sort.map(({ key, order }) => `${key} ${order}`).join(", ")).toBe(expected);
  });

  it("reads one value as a list of one, and drops blanks and repeats from a list", () => {
    const filters = parseTaskFilters(
      new URLSearchParams("task_type=oil_change&status=completed,,completed, cancelled"),
    );
    expect(filters.task_type).toEqual(["oil_change"]);
    expect(filters.status).toEqual(["completed", "cancelled"]);
  });

  it("keeps a relative range relative and a custom range absolute", () => {
    expect(withTaskFilters(new URLSearchParams(), { ...DEFAULT_FILTERS, range: "24h" }).toString()).toBe(
      "range=24h",
    );
    expect(
      withTaskFilters(new URLSearchParams(), { ...DEFAULT_FILTERS, range: "yesterday" }).toString(),
    ).toBe("range=yesterday");
    const custom = withTaskFilters(new URLSearchParams(), {
      ...DEFAULT_FILTERS,
      range: "custom",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-08T00:00:00.000Z",
    });
    expect(custom.has("range")).toBe(false);
    expect(parseTaskFilters(custom)).toMatchObject({ range: "custom", from: "2026-11-01T00:00:00.000Z" });
  });

  it("ignores values it cannot use instead of failing the page", () => {
    const filters = parseTaskFilters(
      new URLSearchParams(
        "range=forever&order=sideways&sort=colour&from=yesterday&to=x&mva=%20%20&status=a%20b&location_id=x/y&q=%20&task_type=%01",
      ),
    );
    expect(filters).toEqual(DEFAULT_FILTERS);
  });

  it("keeps the usable values of a list with some it cannot use, at most 50", () => {
    expect(parseTaskFilters(new URLSearchParams("vehicle_id=VEH-1,a%20b,VEH-2")).vehicle_id).toEqual([
      "VEH-1",
      "VEH-2",
    ]);
    const many = Array.from({ length: 60 }, (_, index) => `M${index}`).join(",");
    expect(parseTaskFilters(new URLSearchParams({ mva: many })).mva).toHaveLength(50);
  });

  it("trims the quick search and cuts it to the API's 100 characters", () => {
    expect(parseTaskFilters(new URLSearchParams("q=%20oil%20")).q).toBe("oil");
    expect(parseTaskFilters(new URLSearchParams({ q: "ü".repeat(150) })).q).toBe("ü".repeat(100));
  });

  it("resolves spans that end now against now", () => {
    expect(rangeWindow({ ...DEFAULT_FILTERS, range: "24h" }, NOW, "UTC")).toEqual({
      from: new Date("2026-11-21T12:34:56.000Z"),
      to: NOW,
    });
    const week = rangeWindow(DEFAULT_FILTERS, NOW, "Asia/Tokyo");
    expect(NOW.getTime() - week.from.getTime()).toBe(7 * 86_400_000);
  });

  it("resolves calendar ranges to whole days, weeks and months in the chosen zone", () => {
    // Sunday 22 November 2026, 12:34 UTC; 05:34 in Denver (UTC-7), 21:34 in Tokyo (UTC+9).
    const window = (range: TaskFilters["range"], zone: string) => {
      const { from, to } = rangeWindow({ ...DEFAULT_FILTERS, range }, NOW, zone);
      return [from.toISOString(), to.toISOString()];
    };
    expect(window("today", "UTC")).toEqual(["2026-11-22T00:00:00.000Z", "2026-11-23T00:00:00.000Z"]);
    expect(window("today", "America/Denver")).toEqual([
      "2026-11-22T07:00:00.000Z",
      "2026-11-23T07:00:00.000Z",
    ]);
    expect(window("yesterday", "Asia/Tokyo")).toEqual([
      "2026-11-20T15:00:00.000Z",
      "2026-11-21T15:00:00.000Z",
    ]);
    // Weeks start on Monday: Sunday the 22nd is the last day of the week of the 16th.
    expect(window("this_week", "UTC")).toEqual(["2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z"]);
    expect(window("last_week", "America/Denver")).toEqual([
      "2026-11-09T07:00:00.000Z",
      "2026-11-16T07:00:00.000Z",
    ]);
    expect(window("this_month", "UTC")).toEqual(["2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"]);
    // October in Denver: from summer time (UTC-6) into winter time (UTC-7) on 1 November.
    expect(window("last_month", "America/Denver")).toEqual([
      "2026-10-01T06:00:00.000Z",
      "2026-11-01T06:00:00.000Z",
    ]);
  });

  it("starts a day whose midnight a zone skips at its first wall-clock time", () => {
    // Beirut moves from UTC+2 to UTC+3 at midnight on 29 March 2026: that day starts at 01:00.
    const { from, to } = rangeWindow(
      { ...DEFAULT_FILTERS, range: "today" },
      new Date("2026-03-29T10:00:00Z"),
      "Asia/Beirut",
    );
    expect([from.toISOString(), to.toISOString()]).toEqual([
      "2026-03-28T22:00:00.000Z",
      "2026-03-29T21:00:00.000Z",
    ]);
  });

  it("counts months across a year's end", () => {
    const january = new Date("2027-01-10T12:00:00Z");
    const { from, to } = rangeWindow({ ...DEFAULT_FILTERS, range: "last_month" }, january, "UTC");
    expect([from.toISOString(), to.toISOString()]).toEqual([
      "2026-12-01T00:00:00.000Z",
      "2027-01-01T00:00:00.000Z",
    ]);
    const december = rangeWindow(
      { ...DEFAULT_FILTERS, range: "this_month" },
      new Date("2026-12-31T23:00:00Z"),
      "UTC",
    );
    expect(december.to.toISOString()).toBe("2027-01-01T00:00:00.000Z");
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

  it("describes active filters in words", () => {
    const words = describeFilters(
      {
        ...DEFAULT_FILTERS,
        range: "30d",
        location_id: ["lax"],
        mva: ["7"],
        status: ["completed", "cancelled", "scheduled"],
        task_type: ["oil_change"],
        q: "ford",
      },
      { location: () => "LAX Airport", taskType: () => "Oil change" },
    );
    expect(words).toEqual([
      "Last 30 days",
      "statuses completed, cancelled or scheduled",
      "location LAX Airport",
      "MVA 7",
      "task type Oil change",
      "matching “ford”",
    ]);
  });
});

describe("rangeAround (the range of a task's related-tasks links)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const lastWeek = DEFAULT_FILTERS;
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
