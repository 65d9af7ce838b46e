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
    expect(shouldRetry(1, new DashboardApiError(502, "upstream_unavailable", "down", "r", undefined))).toBe(
      true,
    );
    expect(shouldRetry(2, new DashboardApiError(502, "upstream_unavailable", "down", "r", undefined))).toBe(
      false,
    );
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
