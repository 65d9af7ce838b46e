import { describe, expect, it } from "vitest";
import type { Task, TaskPage } from "@/lib/client/api-types";
import { DashboardApiError } from "@/lib/client/dashboard-api";
import { DEFAULT_FILTERS } from "@/lib/client/task-filters";
import {
  listParams,
  locationsQuery,
  retryDelay,
  shouldRetry,
  taskListQuery,
  uniqueRows,
} from "@/lib/client/task-queries";
import { summaryParams, taskQuery } from "@/lib/client/view-queries";
import { repinWindow, stableWindow } from "@/lib/client/stable-window";

const page = (ids: string[]): TaskPage => ({
  data: ids.map((id) => ({ id }) as Task),
  next_cursor: null,
  total: null,
  source: "live",
  fetchedAt: "2026-11-26T12:00:00.000Z",
  stale: false,
  staleReason: null,
});

describe("loaded rows", () => {
  it("keeps the first occurrence of an id across pages", () => {
    expect(uniqueRows([page(["a", "b"]), page(["b", "c"])]).map((task) => task.id)).toEqual(["a", "b", "c"]);
  });
});

describe("retries", () => {
  const busy = new DashboardApiError(503, "upstream_busy", "busy", "r", 7);
  it("waits for the budget by itself, after the dashboard's Retry-After", () => {
    expect(shouldRetry(3, busy)).toBe(true);
    expect(retryDelay(3, busy)).toBe(7000);
  });
  it("does not retry what a retry cannot fix", () => {
    expect(shouldRetry(0, new DashboardApiError(400, "invalid_request", "bad", "r", undefined))).toBe(false);
    expect(shouldRetry(0, new DashboardApiError(404, "not_found", "none", "r", undefined))).toBe(false);
  });
  it("keeps trying a service that does not answer, with growing pauses, for minutes", () => {
    const frozen = new DashboardApiError(
      502,
      "upstream_unavailable",
      "did not answer in time",
      "r",
      undefined,
    );
    const unreachable = new DashboardApiError(
      0,
      "network_error",
      "could not be reached",
      undefined,
      undefined,
    );
    for (const error of [frozen, unreachable]) {
      const delays: number[] = [];
      let waited = 0;
      for (let failures = 0; waited < 5 * 60_000; failures += 1) {
        expect(shouldRetry(failures, error), `retry ${failures + 1}, after ${waited} ms`).toBe(true);
        delays.push(retryDelay(failures, error));
        waited += delays.at(-1) ?? 0;
      }
      // Soon at first, then backing off, but never so far apart that a service back for a while
      // is left unnoticed: a person sees the list within half a minute of the service's return.
      expect(delays[0]).toBeLessThanOrEqual(2_000);
      expect(delays).toEqual([...delays].sort((a, b) => a - b));
      expect(Math.max(...delays)).toBeLessThanOrEqual(30_000);
      expect(
        delays.filter((_, index) => delays.slice(0, index + 1).reduce((a, b) => a + b) <= 60_000).length,
      ).toBeGreaterThanOrEqual(4);
      // In the end it stops and offers Retry.
      expect(shouldRetry(100, error)).toBe(false);
    }
  });
});

describe("retries of one task and of the lists", () => {
  type Retry = (failureCount: number, error: Error) => boolean;
  const frozen = new DashboardApiError(502, "upstream_unavailable", "did not answer in time", "r", undefined);
  // The service refuses the dashboard (a revoked client, a list path it does not serve): no retry
  // mends that, and each try spends an upstream call.
  const refused = new DashboardApiError(502, "upstream_refused", "refused", "r", undefined);
  const detail = taskQuery("t-1").retry as Retry;
  const list = taskListQuery(new URLSearchParams()).retry as Retry;
  const locations = locationsQuery.retry as Retry;

  it("gives up on one task after a few tries, so its view offers Retry within half a minute", () => {
    expect(detail(0, frozen)).toBe(true);
    expect(detail(2, frozen)).toBe(true);
    expect(detail(3, frozen)).toBe(false);
    const waited = [0, 1, 2].reduce((sum, failures) => sum + retryDelay(failures, frozen), 0);
    expect(waited).toBeLessThanOrEqual(30_000);
    // The budget still says when to come back, and is waited for.
    expect(detail(10, new DashboardApiError(503, "upstream_busy", "busy", "r", 5))).toBe(true);
  });

  it("keeps the task list trying a frozen service for minutes, and the locations not", () => {
    expect(list(20, frozen)).toBe(true);
    // Locations name the places in a task's view and the filter: that view errors with Retry soon.
    expect(locations(3, frozen)).toBe(false);
  });

  it("retries no permanent refusal", () => {
    for (const retry of [detail, list, locations]) expect(retry(0, refused)).toBe(false);
  });
});

describe("relative windows", () => {
  it("stay pinned for the same filters until re-pinned", () => {
    const filters = { ...DEFAULT_FILTERS, mva: ["pin-test"] };
    const first = stableWindow(filters, "UTC", new Date("2026-11-22T10:00:30Z"));
    expect(first.to.toISOString()).toBe("2026-11-22T10:00:00.000Z");
    expect(stableWindow(filters, "UTC", new Date("2026-11-22T11:00:00Z"))).toBe(first);
    // A span that ends now does not depend on the zone: another zone finds the same pin.
    expect(stableWindow(filters, "Asia/Tokyo", new Date("2026-11-22T11:00:00Z"))).toBe(first);
    repinWindow(filters, "UTC");
    expect(stableWindow(filters, "UTC", new Date("2026-11-22T11:00:00Z")).to.toISOString()).toBe(
      "2026-11-22T11:00:00.000Z",
    );
  });

  it("pin a calendar range per zone", () => {
    const filters = { ...DEFAULT_FILTERS, range: "yesterday" as const, mva: ["pin-zone"] };
    const now = new Date("2026-11-22T03:00:00Z");
    expect(stableWindow(filters, "UTC", now).from.toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(stableWindow(filters, "America/Denver", now).from.toISOString()).toBe("2026-11-20T07:00:00.000Z");
  });
});

describe("the dashboard API's query of the filters", () => {
  const window = { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-02T00:00:00Z") };

  it("names every filter as the API does, lists comma-joined with a comma inside a value escaped", () => {
    const filters = {
      ...DEFAULT_FILTERS,
      status: ["completed", "cancelled"],
      location_id: ["LOC-1"],
      task_type: ["tires, front", "a\\b"],
      mva: ["61234567"],
      vehicle_id: ["VEH-1", "VEH-2"],
      q: "oil 50%",
      sort: [{ key: "odometer_miles" as const, order: "asc" as const }],
    };
    expect(listParams(filters, window).toString()).toBe(
      "from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-02T00%3A00%3A00.000Z" +
        "&status=completed%2Ccancelled&location_id=LOC-1&task_type=tires%5C%2C+front%2Ca%5C%5Cb" +
        "&mva=61234567&vehicle_id=VEH-1%2CVEH-2&q=oil+50%25&sort=odometer_miles&order=asc",
    );
    expect(Object.fromEntries(summaryParams(filters, window, "America/Denver"))).toEqual({
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-02T00:00:00.000Z",
      status: "completed,cancelled",
      location_id: "LOC-1",
      task_type: "tires\\, front,a\\\\b",
      mva: "61234567",
      vehicle_id: "VEH-1,VEH-2",
      q: "oil 50%",
      tz: "America/Denver",
    });
  });

  it("leaves the service's own order (Started) unnamed, so the live path can answer it", () => {
    expect(Object.fromEntries(listParams(DEFAULT_FILTERS, window))).toEqual({
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-02T00:00:00.000Z",
      order: "desc",
    });
  });
});
