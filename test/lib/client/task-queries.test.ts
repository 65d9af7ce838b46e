import { describe, expect, it } from "vitest";
import type { Task, TaskPage } from "@/lib/client/api-types";
import { DashboardApiError } from "@/lib/client/dashboard-api";
import { retryDelay, shouldRetry, uniqueRows } from "@/lib/client/task-queries";
import { repinWindow, stableWindow } from "@/lib/client/stable-window";

const page = (ids: string[]): TaskPage => ({
  data: ids.map((id) => ({ id }) as Task),
  next_cursor: null,
  fetchedAt: null,
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

describe("relative windows", () => {
  it("stay pinned for the same filters until re-pinned", () => {
    const filters = { range: "7d" as const, order: "desc" as const, mva: "pin-test" };
    const first = stableWindow(filters, new Date("2026-11-22T10:00:30Z"));
    expect(first.to.toISOString()).toBe("2026-11-22T10:00:00.000Z");
    expect(stableWindow(filters, new Date("2026-11-22T11:00:00Z"))).toBe(first);
    repinWindow(filters);
    expect(stableWindow(filters, new Date("2026-11-22T11:00:00Z")).to.toISOString()).toBe(
      "2026-11-22T11:00:00.000Z",
    );
  });
});
