// Redis goes away while dashboard instances restart, then comes back empty. Instances started
// during the outage had to fetch tokens of their own; once Redis is back, the deployment must
// converge on one of them (and fetch none), so one token per deployment is in use again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readTaskPage } from "@/lib/server/bff/task-data";
import { DAY_MS, closeBackend, isoMinutesFromNow, serviceCounters, sleep } from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { OutageRedis } from "./support/outage-redis";

/**
 * Ample for ioredis to reconnect (its retry backs off to 2 s) and the instances to converge (they
 * offer their tokens every 5 s), on a loaded machine.
 */
const CONVERGE_MS = 30_000;

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" });
let redis: OutageRedis;

beforeAll(async () => {
  redis = await OutageRedis.start();
});

afterAll(async () => {
  await redis?.stop();
});

async function instance(): Promise<DashboardBackend> {
  const backend = await suite.backend(undefined, { redisUrl: redis.url });
  return backend;
}

async function restart(backend: DashboardBackend): Promise<DashboardBackend> {
  await closeBackend(backend);
  return instance();
}

let day = 0;
/** A page nobody read yet: it goes upstream, with the instance's token. */
function readNewPage(backend: DashboardBackend) {
  day += 1;
  const query = {
    from: isoMinutesFromNow(-(day + 1) * DAY_MS),
    to: isoMinutesFromNow(-day * DAY_MS),
    order: "asc" as const,
  };
  return readTaskPage(backend, query, "interactive");
}

describe("the service token after a Redis outage", () => {
  it("is one token for every instance once Redis is back, and none is fetched for it", async () => {
    let [a, b] = [await instance(), await instance()];
    await Promise.all([readNewPage(a), readNewPage(b)]);
    expect(await a.tokens.getToken()).toBe(await b.tokens.getToken());

    await redis.goAway();
    // Both restart during the outage (a deploy): each has to fetch a token of its own.
    b = await restart(b);
    await readNewPage(b);
    a = await restart(a);
    await readNewPage(a);
    expect(await a.tokens.getToken()).not.toBe(await b.tokens.getToken());

    await redis.comeBackEmpty();
    const before = await serviceCounters(suite.vts.url);
    // Staff keep working on both instances while Redis reconnects, until they hold one token.
    const deadline = Date.now() + CONVERGE_MS;
    while ((await a.tokens.getToken()) !== (await b.tokens.getToken()) && Date.now() < deadline) {
      await Promise.all([readNewPage(a), readNewPage(b)]);
      await sleep(200);
    }
    const token = await a.tokens.getToken();
    expect(await b.tokens.getToken()).toBe(token);
    // An instance started now takes the deployment's token from Redis instead of fetching one.
    const c = await instance();
    await readNewPage(c);
    expect(await c.tokens.getToken()).toBe(token);
    expect(c.tokens.snapshot().fetches).toBe(0);
    expect((await serviceCounters(suite.vts.url)).tokensIssued - before.tokensIssued).toBe(0);
  }, 90_000);
});
