// What an operator scrapes from the dashboard: upstream calls, token fetches, cache results,
// budget waits and the budget left, from a backend that has served real requests.
import { beforeAll, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readLocations, readTaskPage } from "@/lib/server/bff/task-data";
import { DAY_MS } from "./support/harness";
import { bffSuite } from "./support/bff-suite";

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" });
let backend: DashboardBackend;

beforeAll(async () => {
  backend = await suite.backend();
});

it("counts upstream calls, token fetches, cache hits and misses, budget waits and the budget left", async () => {
  const query = {
    from: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    to: new Date().toISOString(),
    order: "asc" as const,
  };
  await readLocations(backend);
  await readTaskPage(backend, query, "interactive");
  await readTaskPage(backend, query, "interactive");
  const text = await backend.metrics.registry.metrics();
  expect(text).toMatch(/dashboard_upstream_calls_total\{status="200"\} 2/);
  expect(text).toMatch(/dashboard_token_fetches 1/);
  expect(text).toMatch(/dashboard_cache_requests_total\{cache="task_pages",result="miss"\} 1/);
  expect(text).toMatch(/dashboard_cache_requests_total\{cache="task_pages",result="hit"\} 1/);
  expect(text).toMatch(/dashboard_budget_wait_seconds_count\{priority="interactive"\} 2/);
  expect(text).toMatch(/dashboard_budget_remaining \d+/);
});
