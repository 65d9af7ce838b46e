import { describe, expect, it } from "vitest";
import type { TaskSummary } from "@/lib/client/api-types";
import {
  countingMoment,
  locationCountRequests,
  mergeLocationCounts,
  zoneDays,
} from "@/lib/client/mirror-location-counts";

const NOW = new Date("2026-11-26T05:30:00.000Z");
const LOCATIONS = [
  { id: "loc_den", timezone: "America/Denver" },
  { id: "loc_lax", timezone: "America/Los_Angeles" },
  { id: "loc_sfo", timezone: "America/Los_Angeles" },
];

function summary(overrides: Partial<TaskSummary>): TaskSummary {
  return {
    total: 0,
    by_status: {},
    by_task_type: {},
    by_location: [],
    by_day: [],
    as_of: NOW.toISOString(),
    ...overrides,
  };
}

describe("a day in a zone", () => {
  it("takes today as the zone's date, not UTC's", () => {
    // 05:30 UTC is still the 25th in Denver.
    expect(zoneDays(NOW, "America/Denver", 7)).toEqual({
      from: "2026-11-19T07:00:00.000Z",
      to: "2026-11-26T07:00:00.000Z",
      today: "2026-11-25",
    });
  });
});

describe("the moment the counts are asked for", () => {
  it("holds while every location's day is the same, and moves once one of them turns", () => {
    // Denver's midnight is 07:00 UTC, an hour before Los Angeles'.
    const beforeDenver = new Date("2026-11-26T06:59:00.000Z");
    const afterDenver = new Date("2026-11-26T07:01:00.000Z");
    expect(countingMoment(NOW, beforeDenver, LOCATIONS)).toBe(NOW);
    expect(countingMoment(NOW, afterDenver, LOCATIONS)).toBe(afterDenver);
    const lax = LOCATIONS.filter((location) => location.timezone === "America/Los_Angeles");
    expect(countingMoment(NOW, afterDenver, lax)).toBe(NOW);
    const afterLax = new Date("2026-11-26T08:01:00.000Z");
    expect(countingMoment(NOW, afterLax, lax)).toBe(afterLax);
    // The counts asked for at the new moment are the new day's.
    const [request] = locationCountRequests([LOCATIONS[0]!], countingMoment(NOW, afterDenver, LOCATIONS));
    expect(request?.today).toBe("2026-11-26");
  });
});

describe("the requests", () => {
  it("asks once for a zone of one location, twice for a zone of several, once for in progress", () => {
    const requests = locationCountRequests(LOCATIONS, NOW);
    expect(requests.map((request) => [request.kind, request.query.get("location_id")])).toEqual([
      ["today_and_week", "loc_den"],
      ["week", "loc_lax,loc_sfo"],
      ["today", "loc_lax,loc_sfo"],
      ["in_progress", null],
    ]);
    expect(requests[0]?.query.get("tz")).toBe("America/Denver");
    expect(requests[3]?.query.get("status")).toBe("in_progress");
  });

  it("keeps the in-progress window inside the mirror's horizon", () => {
    const horizon = { from: "2026-11-20T00:00:00.000Z", to: "2026-11-26T06:00:00.000Z" };
    const last = locationCountRequests(LOCATIONS, NOW, horizon).at(-1)!;
    expect([last.query.get("from"), last.query.get("to")]).toEqual([horizon.from, horizon.to]);
  });

  it("asks nothing for no locations", () => {
    expect(locationCountRequests([], NOW)).toEqual([]);
  });
});

describe("the counts", () => {
  it("reads each answer into its locations, zero where an answer lists none, with the oldest as-of", () => {
    const requests = locationCountRequests(LOCATIONS, NOW);
    const answers = [
      summary({
        total: 9,
        by_day: [
          { day: "2026-11-24", total: 7, by_status: {} },
          { day: "2026-11-25", total: 2, by_status: {} },
        ],
      }),
      summary({ by_location: [{ id: "loc_lax", name: "LAX", total: 30 }] }),
      summary({ by_location: [{ id: "loc_lax", name: "LAX", total: 4 }], as_of: "2026-11-26T05:00:00.000Z" }),
      summary({
        by_location: [
          { id: "loc_sfo", name: "SFO", total: 1 },
          { id: "loc_gone", name: "Closed", total: 5 },
        ],
      }),
    ];
    const { counts, asOf } = mergeLocationCounts(LOCATIONS, requests, answers);
    expect(Object.fromEntries(counts)).toEqual({
      loc_den: { today: 2, week: 9, inProgress: 0 },
      loc_lax: { today: 4, week: 30, inProgress: 0 },
      loc_sfo: { today: 0, week: 0, inProgress: 1 },
    });
    expect(asOf).toBe("2026-11-26T05:00:00.000Z");
  });
});
