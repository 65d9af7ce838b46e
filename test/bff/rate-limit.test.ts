// 200 staff at once against a service that allows 10 /v1 calls a minute: the dashboard must keep
// the service from ever answering 429 (the budget is the only thing between many people and one
// client_id), tell people to come back later (503 upstream_busy + Retry-After) instead, and make
// each upstream call feed many screens (coalescing, caching and slicing of 500-row pages).
import { describe, expect, it } from "vitest";
import { UpstreamError } from "@/lib/server/upstream/http/vts-client";
import {
  CLIENTS,
  dashboardTaskPage,
  dashboardUpstreamCalls,
  delta,
  serviceCounters,
  taskListParams,
  type Client,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import {
  filterCombos,
  outcomeCounts,
  slicingProblems,
  taskBurst,
  type BurstRequest,
} from "./support/task-burst";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";

const LIMIT = 10;
const CALLERS = 200;
/** More distinct filter sets than the minute's budget, as on a busy morning. */
const COMBOS = 40;
const PATIENCE_MS = 20_000;

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: String(LIMIT) });
const backendFor = (client: Client) => suite.backend(undefined, { client });

/** What every caller of a rate-limited dashboard may see, and what the service must never have sent. */
async function expectBudgetHeld(
  backend: DashboardBackend,
  client: Client,
  run: () => Promise<BurstRequest[]>,
): Promise<void> {
  const before = await serviceCounters(suite.vts.url, client.id);
  const started = Date.now();
  const requests = await run();
  const elapsedMs = Date.now() - started;
  const served = delta(await serviceCounters(suite.vts.url, client.id), before);
  const counts = outcomeCounts(requests);
  const summary = JSON.stringify({ outcomes: counts, service: served });

  expect(requests.length, summary).toBeGreaterThanOrEqual(CALLERS);
  // Callers see data or "busy, come back in n s" - never the upstream's 429 in any form.
  const raw429 = requests.filter(
    ({ outcome }) =>
      !outcome.ok && outcome.raw instanceof UpstreamError && outcome.raw.details.status === 429,
  );
  expect.soft(raw429.length, `upstream 429s passed to callers: ${summary}`).toBe(0);
  for (const { outcome } of requests) {
    if (outcome.ok) continue;
    expect.soft(outcome.error?.code, summary).toBe("upstream_busy");
    expect.soft(outcome.error?.status, summary).toBe(503);
    expect.soft(outcome.error?.options.retryAfterSeconds, summary).toBeGreaterThanOrEqual(1);
  }
  expect.soft(counts.ok ?? 0, `somebody must be served: ${summary}`).toBeGreaterThan(0);

  // What an operator sees on the service: the brief's panel (429s labelled with the client) and
  // every /v1 429, since the service labels a refused request "anonymous" (see the report).
  expect.soft(served.v1RateLimitedForClient, summary).toBe(0);
  expect.soft(served.v1RateLimited, `the service answered 429: ${summary}`).toBe(0);
  // All of this happened within one minute, so the service saw at most its limit...
  expect(elapsedMs).toBeLessThan(60_000);
  expect
    .soft(served.v1, `more /v1 calls than the limit within a minute: ${summary}`)
    .toBeLessThanOrEqual(LIMIT);

  // ...and each of those calls served many people: identical queries are coalesced, cached and
  // sliced, so rows served per upstream call is well above one.
  const upstreamOk = await dashboardUpstreamCalls(backend, "200");
  const rowsServed = requests.reduce(
    (sum, { outcome }) => sum + (outcome.ok ? outcome.value.data.length : 0),
    0,
  );
  expect.soft(upstreamOk, summary).toBeGreaterThan(0);
  expect.soft(rowsServed / Math.max(1, upstreamOk), summary).toBeGreaterThan(1);
  const pagesServed = requests.filter(({ outcome }) => outcome.ok).length;
  expect.soft(pagesServed, `pages served vs upstream calls: ${summary}`).toBeGreaterThan(upstreamOk);

  // Some people paged on with the cursor of their first page, and every page was cut right.
  expect(requests.filter((request) => request.pageNumber === 2).length, summary).toBeGreaterThan(0);
  expect(slicingProblems(requests)).toEqual([]);
}

describe("a rate-limited service behind the dashboard", () => {
  it("200 concurrent requests on a cold dashboard draw no 429 and stay within 10 calls a minute", async () => {
    const client = CLIENTS.full;
    const backend = await backendFor(client);
    await expectBudgetHeld(backend, client, () =>
      taskBurst(backend, {
        callers: CALLERS,
        combos: filterCombos(COMBOS, 1),
        seed: 11,
        patienceMs: PATIENCE_MS,
      }),
    );
  }, 60_000);

  it("200 concurrent requests after the dashboard has learned the limit draw no 429 either", async () => {
    // Another fixture client: its own service-side window and its own dashboard budget.
    const client = CLIENTS.special;
    const backend = await backendFor(client);
    const combos = filterCombos(COMBOS, 2);
    await expectBudgetHeld(backend, client, async () => {
      // One person first: the answer's X-RateLimit-Limit teaches the budget the real limit.
      const warmUp = await dashboardTaskPage(backend, taskListParams(backend, { ...combos[0]!, limit: 50 }));
      expect(warmUp.data.length).toBeGreaterThan(0);
      expect((await backend.budget.snapshot()).limit).toBe(LIMIT);
      const burst = await taskBurst(backend, { callers: CALLERS, combos, seed: 12, patienceMs: PATIENCE_MS });
      return burst;
    });
  }, 60_000);
});
