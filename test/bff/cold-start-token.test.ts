// A dashboard that has just started and is hit by 500 requests at once must ask the service for
// exactly one token (the token endpoint allows 10 requests a minute per client), and every one of
// those requests must be served with it.
import { describe, expect, it } from "vitest";
import { readLocations, readTask, readTaskPage } from "@/lib/server/bff/task-data";
import {
  DAY_MS,
  dashboardTaskPage,
  delta,
  describeOutcome,
  isoMinutesFromNow,
  serviceCounters,
  settle,
  taskListParams,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";

// A generous /v1 limit: this file is about the token, not the budget.
const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" });

/** 500 requests, each a different upstream query (no coalescing hides a token fetch): table pages
 * with distinct windows through the route's slicer, task details, and the locations. */
function coldBurst(cold: DashboardBackend, size: number) {
  const now = Date.now();
  return Array.from({ length: size }, (_, i) => {
    const from = isoMinutesFromNow(-(i + 1) * 60_000 - 10 * DAY_MS, now);
    const to = isoMinutesFromNow(0, now);
    switch (i % 5) {
      case 0:
        return settle(
          dashboardTaskPage(cold, taskListParams(cold, { from, to, limit: ((i * 7) % 500) + 1 })),
        );
      case 1:
        return settle(readTask(cold, `no-such-task-${i}`).then((cached) => cached.value));
      case 2:
        return settle(readLocations(cold).then((cached) => cached.value));
      default:
        return settle(readTaskPage(cold, { from, to, order: i % 2 ? "asc" : "desc" }, "interactive"));
    }
  });
}

describe("a cold dashboard under a burst", () => {
  it("500 concurrent requests cause exactly one token request", async () => {
    const before = await serviceCounters(suite.vts.url);
    const cold = await suite.backend();
    const outcomes = await Promise.all(coldBurst(cold, 500));
    const after = delta(await serviceCounters(suite.vts.url), before);

    expect(cold.tokens.snapshot().fetches).toBe(1);
    expect(after.tokenRequests).toBe(1);
    expect(after.tokensIssued).toBe(1);
    // The one token was good for everything: nothing needed a renewal, nobody failed for want
    // of a token (upstream_busy is the budget's answer, covered by the next test).
    expect(after.v1Unauthorized).toBe(0);
    const tokenFailures = outcomes
      .filter((outcome) => !outcome.ok && outcome.error?.code !== "upstream_busy")
      .map(describeOutcome);
    expect(tokenFailures).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok).length).toBeGreaterThan(0);
  }, 60_000);

  it("a cold dashboard serves a burst the service has room for (100,000 calls a minute)", async () => {
    const cold = await suite.backend();
    const before = await serviceCounters(suite.vts.url);
    const outcomes = await Promise.all(coldBurst(cold, 500));
    const after = delta(await serviceCounters(suite.vts.url), before);
    const failures = outcomes.filter((outcome) => !outcome.ok).map(describeOutcome);
    const summary = JSON.stringify({
      failed: failures.length,
      first: failures[0],
      upstreamCalls: after.v1,
      learnedLimit: (await cold.budget.snapshot()).limit,
    });
    // The service allows 100,000 calls a minute and was asked for ~400: nobody should be told
    // "the shared request budget is used up".
    expect(failures.length, summary).toBe(0);
  }, 60_000);
});
