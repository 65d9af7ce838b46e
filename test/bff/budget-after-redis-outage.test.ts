// Two dashboard instances share one budget through Redis against a service allowing 20 calls a
// minute. Redis goes away; each instance counts alone (half the budget each). Instance A spends
// its half first, so the service's answers tell A only about its own calls; then B spends its
// half (all at once, before any answer could tell it about A's). Redis comes back empty, and staff ask A before
// anyone asks B. A must not take the empty Redis for a fresh minute:
// the service must not answer a single 429.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readTaskPage } from "@/lib/server/bff/task-data";
import {
  CLIENTS,
  delta,
  describeOutcome,
  isoMinutesFromNow,
  serviceCounters,
  settle,
  sleep,
  type Outcome,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { OutageRedis } from "./support/outage-redis";

const LIMIT = 20;
const HALF = (LIMIT - 2) / 2; // the fallback's share of limit - safety margin
const HOUR_MS = 3_600_000;
/** ioredis retries a lost connection at most every 2 s; allow for a loaded machine. */
const RECONNECT_MS = 15_000;
const client = CLIENTS.full;

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: String(LIMIT) });
let redis: OutageRedis;

beforeAll(async () => {
  redis = await OutageRedis.start();
});

afterAll(async () => {
  await redis?.stop();
});

let hour = 0;
/** One staff request for a page nobody read yet: it needs an upstream call. */
function request(backend: DashboardBackend): Promise<Outcome<unknown>> {
  hour += 1;
  const query = {
    from: isoMinutesFromNow(-(hour + 1) * HOUR_MS),
    to: isoMinutesFromNow(-hour * HOUR_MS),
    order: "asc" as const,
  };
  return settle(readTaskPage(backend, query, "interactive"));
}

/** `count` requests one after the other, so each sees the service's answer to the one before. */
async function oneByOne(backend: DashboardBackend, count: number): Promise<Outcome<unknown>[]> {
  const outcomes = [];
  for (let i = 0; i < count; i++) outcomes.push(await request(backend));
  return outcomes;
}

/** `count` concurrent requests, as staff arriving together. */
function atOnce(backend: DashboardBackend, count: number): Promise<Outcome<unknown>[]> {
  return Promise.all(Array.from({ length: count }, () => request(backend)));
}

/** Waits until the instance's budget uses Redis again (it hands back what it knew on the way). */
async function untilBackOnRedis(backend: DashboardBackend): Promise<void> {
  const deadline = Date.now() + RECONNECT_MS;
  while ((await backend.budget.snapshot()).degraded) {
    if (Date.now() > deadline) throw new Error("the instance did not reconnect to Redis");
    await sleep(100);
  }
}

describe("the shared budget across a Redis outage", () => {
  it("draws no 429 when Redis comes back empty mid-window", async () => {
    const [a, b] = [
      await suite.backend(undefined, { client, redisUrl: redis.url }),
      await suite.backend(undefined, { client, redisUrl: redis.url }),
    ];
    const start = await serviceCounters(suite.vts.url, client.id);
    // Both know the service's limit while Redis still works (one call each).
    await oneByOne(a, 1);
    await oneByOne(b, 1);

    await redis.goAway();
    const outage = [...(await atOnce(a, HALF)), ...(await atOnce(b, HALF))];
    const duringOutage = delta(await serviceCounters(suite.vts.url, client.id), start);
    await redis.comeBackEmpty();
    await untilBackOnRedis(a);
    // Staff ask A before anyone asks B: a burst on A alone, B has not looked at Redis yet.
    const back = await atOnce(a, LIMIT);
    const after = delta(await serviceCounters(suite.vts.url, client.id), start);

    const summary = JSON.stringify({
      duringOutage: { v1: duringOutage.v1, rateLimited: duringOutage.v1RateLimitedForClient },
      after: { v1: after.v1, rateLimited: after.v1RateLimitedForClient },
      outage: outage.map(describeOutcome),
      back: back.map(describeOutcome),
    });
    expect(after.v1RateLimitedForClient, summary).toBe(0);
    expect(after.v1, summary).toBeLessThanOrEqual(LIMIT);
    // The outage did not stop the dashboard: the halves were served.
    expect(outage.filter((outcome) => outcome.ok).length, summary).toBeGreaterThan(0);
    for (const outcome of back) if (!outcome.ok) expect(outcome.error?.code, summary).toBe("upstream_busy");
  }, 90_000);
});
