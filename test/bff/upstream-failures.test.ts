// When the service is slow, refuses connections or restarts, staff see the documented answer:
// 502 upstream_unavailable for what the dashboard has never fetched, the last good rows marked
// stale (with the time they were fetched, and why) for what it has, and fresh data again once the
// service is back, without a new token. The dashboard talks to the service through a TCP proxy, so
// the test can slow it down or close the port while the service itself keeps running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readTask } from "@/lib/server/bff/task-data";
import { exportStream } from "@/lib/server/bff/task-export";
import { UpstreamError } from "@/lib/server/upstream/http/vts-client";
import {
  DAY_MS,
  dashboardTaskPage,
  isoMinutesFromNow,
  settle,
  taskListParams,
  type Outcome,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { TcpProxy } from "./support/tcp-proxy";

const TIMEOUT_MS = 500;
/** FreshnessCache's freshMs for task pages is 30 s; past it a page is refreshed before serving. */
const PAST_FRESH_MS = 31_000;

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" }, { shiftableClock: true });
let proxy: TcpProxy;
let backend: DashboardBackend;

beforeAll(async () => {
  proxy = await TcpProxy.start(suite.vts.port);
  backend = await suite.backend(proxy.url, { timeoutMs: TIMEOUT_MS });
});

afterAll(async () => {
  await proxy?.close();
});

let windows = 0;
/** A filter set nobody asked for before: the dashboard has nothing cached for it. */
function newFilters() {
  windows += 1;
  const now = Date.now();
  return {
    from: isoMinutesFromNow(-(windows + 20) * DAY_MS, now),
    to: isoMinutesFromNow(-windows * DAY_MS, now),
    order: "asc" as const,
  };
}

const tablePage = (filters: Record<string, string>) =>
  dashboardTaskPage(backend, taskListParams(backend, { ...filters, limit: 100 }));

function expectUnavailable(outcome: Outcome<unknown>, failure: "timeout" | "unavailable", message: RegExp) {
  expect(outcome.ok).toBe(false);
  if (outcome.ok) return;
  expect(outcome.raw).toBeInstanceOf(UpstreamError);
  expect((outcome.raw as UpstreamError).failure).toBe(failure);
  expect(outcome.error?.code).toBe("upstream_unavailable");
  expect(outcome.error?.status).toBe(502);
  expect(outcome.error?.message).toMatch(message);
}

/** The page as first served, then again after the cache has aged past fresh while `broken`. */
async function cachedThenStale(filters: Record<string, string>, broken: () => Promise<void>) {
  const fresh = await tablePage(filters);
  expect(fresh.stale).toBe(false);
  expect(fresh.data.length).toBeGreaterThan(0);
  await broken();
  suite.advanceClock(PAST_FRESH_MS);
  const stale = await tablePage(filters);
  expect(stale.stale).toBe(true);
  expect(stale.staleBecause).toBe("unavailable");
  expect(stale.fetchedAt).toBe(fresh.fetchedAt);
  expect(stale.data).toEqual(fresh.data);
  expect(stale.next_cursor).toBe(fresh.next_cursor);
  return fresh;
}

async function expectRecovered(filters: Record<string, string>, fresh: { fetchedAt: number }) {
  const again = await tablePage(filters);
  expect(again.stale).toBe(false);
  expect(again.fetchedAt).toBeGreaterThan(fresh.fetchedAt);
  const other = await tablePage(newFilters());
  expect(other.stale).toBe(false);
  expect(other.data.length).toBeGreaterThan(0);
}

describe("the service failing behind the dashboard", () => {
  it("slow (answers after the 500 ms timeout): upstream_unavailable or stale rows, then recovers", async () => {
    const filters = newFilters();
    const fresh = await cachedThenStale(filters, async () => {
      proxy.delayMs = 3_000;
    });

    const started = performance.now();
    expectUnavailable(await settle(tablePage(newFilters())), "timeout", /did not answer in time/);
    // Bounded by VTS_TIMEOUT_MS, not by how slow the service is.
    expect(performance.now() - started).toBeLessThan(2_000);

    proxy.delayMs = 0;
    await expectRecovered(filters, fresh);
  });

  it("refusing connections (port closed): upstream_unavailable or stale rows, then recovers", async () => {
    const filters = newFilters();
    const fresh = await cachedThenStale(filters, () => proxy.refuse());

    expectUnavailable(await settle(tablePage(newFilters())), "unavailable", /not available right now/);
    expectUnavailable(
      await settle(readTask(backend, "some-task-never-read")),
      "unavailable",
      /not available right now/,
    );
    // An export asked for now answers that error itself, not a 200 that ends after its header.
    const exported = exportStream(
      backend,
      taskListParams(backend, newFilters()).filters,
      new AbortController().signal,
    );
    expectUnavailable(await settle(exported), "unavailable", /not available right now/);

    await proxy.accept();
    await expectRecovered(filters, fresh);
  });

  it("restarted (stopped, then started on the same port and data): unavailable meanwhile, then recovers with the same token", async () => {
    const filters = newFilters();
    const fetchesBefore = backend.tokens.snapshot().fetches;
    const fresh = await cachedThenStale(filters, () => suite.vts.stop());
    expectUnavailable(await settle(tablePage(newFilters())), "unavailable", /not available right now/);

    await suite.vts.start();
    await expectRecovered(filters, fresh);
    // Same address and store: the token the dashboard holds is still good.
    expect(backend.tokens.snapshot().fetches).toBe(fetchesBefore);
  }, 60_000);
});
