import { describe, expect, it } from "vitest";
import { asDashboardError, freshnessHeaders, staleReason } from "@/lib/server/bff/upstream-failure";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import { UpstreamError } from "@/lib/server/upstream/http/vts-client";

// Staff are told why rows are old: a spent shared budget and a failing service call for different
// patience, so the reason travels with the rows.

describe("why an answer is stale", () => {
  it("is the budget when no slot could be had, or the service kept answering 429", () => {
    expect(staleReason(new BudgetExhaustedError(12_000))).toBe("budget");
    expect(staleReason(new UpstreamError("unavailable", "kept refusing", { status: 429 }))).toBe("budget");
  });

  it("is the service when it failed, timed out or cannot be reached", () => {
    expect(staleReason(new UpstreamError("unavailable", "503", { status: 503 }))).toBe("unavailable");
    expect(staleReason(new UpstreamError("timeout", "slow"))).toBe("unavailable");
    expect(staleReason(new Error("socket hang up"))).toBe("unavailable");
  });

  it("is a refresh under way when nothing failed", () => {
    expect(staleReason(undefined)).toBe("refreshing");
  });
});

describe("what staff are told of a service that keeps refusing for its rate limit", () => {
  it("is busy, with the service's own wait, as for a spent budget: never unavailable", () => {
    const refused = asDashboardError(
      new UpstreamError("unavailable", "kept refusing", { status: 429, retryAfterMs: 7_500 }),
    );
    expect(refused?.code).toBe("upstream_busy");
    expect(refused?.options.retryAfterSeconds).toBe(8);
    const bare = asDashboardError(new UpstreamError("unavailable", "kept refusing", { status: 429 }));
    expect(bare?.code).toBe("upstream_busy");
    expect(bare?.options.retryAfterSeconds).toBe(10);
  });
});

describe("freshness headers", () => {
  it("name the reason only for stale answers", () => {
    expect(freshnessHeaders({ fetchedAt: 0, stale: false })).toEqual({
      "x-data-fetched-at": "1970-01-01T00:00:00.000Z",
      "x-data-stale": "false",
    });
    expect(freshnessHeaders({ fetchedAt: 0, stale: true, staleBecause: "budget" })).toMatchObject({
      "x-data-stale": "true",
      "x-data-stale-reason": "budget",
    });
    expect(
      freshnessHeaders({ fetchedAt: 0, stale: true, refreshError: new UpstreamError("timeout", "slow") }),
    ).toMatchObject({ "x-data-stale-reason": "unavailable" });
  });
});
