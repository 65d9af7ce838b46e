// Two dashboard instances (two backends, as two processes would build them) with one REDIS_URL,
// against one service that allows 10 /v1 calls a minute: they must share one token and one
// budget. Each scenario uses another sandbox client, so it starts from an empty service-side
// window and empty dashboard keys in Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readTaskPage } from "@/lib/server/bff/task-data";
import { startLocalRedis, type LocalRedis } from "@/harness/local-redis";
import { CLIENTS, delta, serviceCounters, sleep, type Client } from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { filterCombos, outcomeCounts, taskBurst } from "./support/task-burst";

const LIMIT = 10;
const SAFETY_MARGIN = 2; // UpstreamBudget's default
const PATIENCE_MS = 20_000;

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: String(LIMIT) });
let redis: LocalRedis;

beforeAll(async () => {
  redis = await startLocalRedis();
});

afterAll(async () => {
  redis?.stop();
});

/** One dashboard instance as dashboardBackend() builds it: on its first request. */
async function instance(client: Client): Promise<DashboardBackend> {
  const backend = await suite.backend(undefined, { client, redisUrl: redis.url });
  return backend;
}

/** 60 callers on each instance at once, the second walking the filters in reverse. */
async function burstOnBoth(
  [a, b]: DashboardBackend[],
  client: Client,
  before: Awaited<ReturnType<typeof serviceCounters>>,
  combos: ReturnType<typeof filterCombos>,
  seeds: [number, number],
) {
  const outcomes = (
    await Promise.all([
      taskBurst(a!, { callers: 60, combos, seed: seeds[0], patienceMs: PATIENCE_MS }),
      taskBurst(b!, { callers: 60, combos: [...combos].reverse(), seed: seeds[1], patienceMs: PATIENCE_MS }),
    ])
  ).flat();
  const after = delta(await serviceCounters(suite.vts.url, client.id), before);
  return { outcomes, after, summary: JSON.stringify({ service: after, outcomes: outcomeCounts(outcomes) }) };
}

/** Within the first minute, no 429 from the service and no more than limit - margin calls. */
function expectWithinBudget(
  { after, summary }: Awaited<ReturnType<typeof burstOnBoth>>,
  started: number,
): void {
  expect(Date.now() - started).toBeLessThan(60_000);
  expect.soft(after.v1RateLimited, `the service answered 429: ${summary}`).toBe(0);
  expect
    .soft(after.v1, `combined /v1 calls in the first minute: ${summary}`)
    .toBeLessThanOrEqual(LIMIT - SAFETY_MARGIN);
}

describe("two dashboard instances sharing Redis", () => {
  it("share one token: the service issues one for both", async () => {
    const client = CLIENTS.full;
    const before = await serviceCounters(suite.vts.url, client.id);
    // Both instances start and take requests at once (a deploy behind a load balancer).
    const [a, b] = await Promise.all([instance(client), instance(client)]);
    const combos = filterCombos(6, 3);
    const outcomes = (
      await Promise.all([
        taskBurst(a, { callers: 12, combos, seed: 31, patienceMs: PATIENCE_MS }),
        taskBurst(b, { callers: 12, combos, seed: 32, patienceMs: PATIENCE_MS }),
      ])
    ).flat();
    const after = delta(await serviceCounters(suite.vts.url, client.id), before);
    const fetches = [a, b].map((backend) => backend.tokens.snapshot().fetches);
    const summary = JSON.stringify({ fetches, service: after, outcomes: outcomeCounts(outcomes) });

    expect.soft(after.tokensIssued, summary).toBe(1);
    expect.soft(fetches[0]! + fetches[1]!, summary).toBe(1);
    expect
      .soft(
        outcomes.some((request) => request.outcome.ok),
        summary,
      )
      .toBe(true);
  }, 60_000);

  it("share one budget from a cold start: within limit - margin in the first minute, no 429", async () => {
    const client = CLIENTS.special;
    const before = await serviceCounters(suite.vts.url, client.id);
    const started = Date.now();
    const instances = await Promise.all([instance(client), instance(client)]);
    const burst = await burstOnBoth(instances, client, before, filterCombos(30, 4), [41, 42]);
    expectWithinBudget(burst, started);
    for (const { outcome } of burst.outcomes)
      if (!outcome.ok) expect.soft(outcome.error?.code).toBe("upstream_busy");
  }, 60_000);

  it("share one budget once both are up and have seen the service: limit - margin combined, no 429", async () => {
    const client = CLIENTS.tasks; // tasks:read is all a table page needs
    const before = await serviceCounters(suite.vts.url, client.id);
    const started = Date.now();
    const [a, b] = await Promise.all([instance(client), instance(client)]);
    await sleep(500); // both Redis connections are up
    const combos = filterCombos(30, 5);
    // One request each, one after the other: each instance learns the limit from the service.
    for (const [i, backend] of [a, b].entries()) {
      await readTaskPage(backend, combos[i]!, "interactive");
      expect((await backend.budget.snapshot()).limit).toBe(LIMIT);
    }
    const burst = await burstOnBoth([a, b], client, before, combos, [51, 52]);
    const { after, summary, outcomes } = burst;
    expectWithinBudget(burst, started);
    // The budget was shared, not split: together they used all of it, not half each.
    expect.soft(after.v1, summary).toBe(LIMIT - SAFETY_MARGIN);
    expect.soft(after.tokensIssued, summary).toBe(1);
    const snapshots = await Promise.all([a, b].map((backend) => backend.budget.snapshot()));
    expect.soft(snapshots.map((snapshot) => snapshot.degraded)).toEqual([false, false]);
    expect
      .soft(snapshots.map((snapshot) => snapshot.usedInWindow))
      .toEqual([LIMIT - SAFETY_MARGIN, LIMIT - SAFETY_MARGIN]);
    for (const { outcome } of outcomes)
      if (!outcome.ok) expect.soft(outcome.error?.code).toBe("upstream_busy");
  }, 60_000);
});
