// When the service is slow, refuses connections or restarts, staff see the documented answer:
// 502 upstream_unavailable for what the dashboard has never fetched, the last good rows marked
// stale (with the time they were fetched) for what it has, and fresh data again once the service
// is back, without a new token. The dashboard talks to the service through a TCP proxy, so the
// test can slow it down or close the port while the service itself keeps running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readTask, readTaskPage } from "@/lib/server/bff/task-data";
import { UpstreamError } from "@/lib/server/upstream/http/upstream-error";
import {
  DAY_MS,
  closeBackend,
  dashboardTaskPage,
  installShiftableClock,
  isoMinutesFromNow,
  makeBackend,
  settle,
  startVts,
  taskListParams,
  type Outcome,
  type Vts,
} from "./support/harness";
import { TcpProxy } from "./support/tcp-proxy";

const TIMEOUT_MS = 500;
/** FreshnessCache's freshMs for task pages is 30 s; past it a page is refreshed before serving. */
const PAST_FRESH_MS = 31_000;

let clock: ReturnType<typeof installShiftableClock>;
let vts: Vts;
let proxy: TcpProxy;
let backend: DashboardBackend;

beforeAll(async () => {
  clock = installShiftableClock(); // before createBackend: the caches keep the Date.now they got
  vts = await startVts({ VTS_RATE_LIMIT_PER_MIN: "100000" });
  proxy = await TcpProxy.start(vts.port);
  backend = await makeBackend(proxy.url, { timeoutMs: TIMEOUT_MS });
}, 90_000);

afterAll(async () => {
  clock?.restore();
  if (backend) await closeBackend(backend);
  await proxy?.close();
  await vts?.dispose();
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
  clock.advance(PAST_FRESH_MS);
  const stale = await tablePage(filters);
  expect(stale.stale).toBe(true);
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

    await proxy.accept();
    await expectRecovered(filters, fresh);
  });

  it("stopped: a cached page comes back stale with its original fetchedAt", async () => {
    const filters = newFilters();
    const fresh = await readTaskPage(backend, filters, "interactive");
    expect(fresh.stale).toBe(false);
    try {
      await vts.stop();
      clock.advance(PAST_FRESH_MS);
      const stale = await readTaskPage(backend, filters, "interactive");
      expect(stale.stale).toBe(true);
      expect(stale.staleBecause).toBe("unavailable");
      expect(stale.fetchedAt).toBe(fresh.fetchedAt);
      expect(stale.data).toEqual(fresh.data);
    } finally {
      if (vts.service.hasExited()) await vts.start();
    }
  }, 60_000);

  it("restarted (stopped, then started on the same port and data): unavailable meanwhile, then recovers with the same token", async () => {
    const filters = newFilters();
    const fetchesBefore = backend.tokens.snapshot().fetches;
    const fresh = await cachedThenStale(filters, () => vts.stop());
    expectUnavailable(await settle(tablePage(newFilters())), "unavailable", /not available right now/);

    await vts.start();
    await expectRecovered(filters, fresh);
    // Same address and store: the token the dashboard holds is still good.
    expect(backend.tokens.snapshot().fetches).toBe(fetchesBefore);
  }, 60_000);
});
