// Two dashboard instances (two managers, two stores, two connections) on the test run's real
// Redis share one token, one fetch and one lock; an unreachable Redis falls back to memory.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { TokenManager } from "@/lib/server/upstream/token/manager";
import { RedisTokenStore } from "@/lib/server/upstream/token/redis-store";
import { freePort } from "@/harness/free-port";

const connections: Redis[] = [];

async function connect(url = inject("redisUrl")): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  await redis.ping();
  return redis;
}

afterAll(async () => {
  await Promise.all(connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
});

/** The token endpoint as seen by every instance: counts calls, answers after a short delay. */
function countingEndpoint(delayMs = 100) {
  const endpoint = {
    calls: 0,
    fetchToken: async () => {
      endpoint.calls++;
      const number = endpoint.calls;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { accessToken: `redis-token-${number}`, expiresInSeconds: 3600 };
    },
  };
  return endpoint;
}

let prefix = "";
afterEach(async () => {
  const redis = await connect();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
});

async function twoInstances() {
  prefix = `test:token:${randomUUID()}:`;
  const endpoint = countingEndpoint();
  const errors: Error[] = [];
  const instance = async () =>
    new TokenManager({
      fetchToken: endpoint.fetchToken,
      cacheKey: "vts|dashboard|*",
      store: new RedisTokenStore(await connect(), prefix, { onError: (error) => errors.push(error) }),
    });
  return { endpoint, errors, managers: [await instance(), await instance()] as const };
}

describe("TokenManager over a shared Redis", () => {
  it("makes one token request for 200 concurrent cold calls spread over two instances", async () => {
    const { endpoint, errors, managers } = await twoInstances();
    const tokens = await Promise.all(Array.from({ length: 200 }, (_, i) => managers[i % 2]!.getToken()));
    expect(new Set(tokens)).toEqual(new Set(["redis-token-1"]));
    expect(endpoint.calls).toBe(1);
    expect(managers[0].snapshot().fetches + managers[1].snapshot().fetches).toBe(1);
    expect(errors).toEqual([]);

    const redis = await connect();
    expect(await redis.get(`${prefix}token:vts|dashboard|*`)).toBe("redis-token-1");
    expect(await redis.exists(`${prefix}lock:vts|dashboard|*`)).toBe(0);
  });

  it("lets Redis count the lifetime: the PTTL, not the writer's clock, decides expiry", async () => {
    const { endpoint, managers } = await twoInstances();
    await managers[0].getToken();
    const redis = await connect();
    const key = `${prefix}token:vts|dashboard|*`;
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);

    const store = new RedisTokenStore(redis, prefix);
    await redis.pexpire(key, 400_000);
    const read = await store.get("vts|dashboard|*");
    expect(read?.expiresInMs).toBeGreaterThan(399_000);
    expect(read?.expiresInMs).toBeLessThanOrEqual(400_000);

    // Four minutes left is inside the five-minute margin: the second instance fetches anew.
    await redis.pexpire(key, 240_000);
    expect(await managers[1].getToken()).toBe("redis-token-2");
    expect(endpoint.calls).toBe(2);
    expect(await redis.pttl(key)).toBeGreaterThan(3_590_000);
  });

  it("recovers from a token revoked mid-run with one renewal for both instances", async () => {
    const { endpoint, managers } = await twoInstances();
    const revoked = await managers[0].getToken();
    expect(await managers[1].getToken()).toBe(revoked);
    const renewed = await Promise.all(
      Array.from({ length: 40 }, (_, i) => managers[i % 2]!.renewAfterUnauthorized(revoked)),
    );
    expect(new Set(renewed)).toEqual(new Set(["redis-token-2"]));
    expect(endpoint.calls).toBe(2);
  });

  it("releases only its own lock (compare-and-delete)", async () => {
    prefix = `test:token:${randomUUID()}:`;
    const first = new RedisTokenStore(await connect(), prefix);
    const second = new RedisTokenStore(await connect(), prefix);
    const lapsing = await first.acquireFetchLock("k", 500);
    expect(lapsing).toBeDefined();
    expect(await second.acquireFetchLock("k", 10_000)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const current = await second.acquireFetchLock("k", 10_000);
    expect(current).toBeDefined();
    await lapsing?.release();
    expect(await first.acquireFetchLock("k", 10_000)).toBeUndefined();
    await current?.release();
    expect(await first.acquireFetchLock("k", 10_000)).toBeDefined();
  });
});

describe("RedisTokenStore when Redis cannot be reached", () => {
  it.each([
    ["fails fast (no offline queue)", { enableOfflineQueue: false }],
    ["queues commands (the ioredis default)", {}],
  ])("still serves tokens from memory when Redis %s", async (_, options) => {
    prefix = `test:token:${randomUUID()}:`;
    const redis = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      ...options,
      maxRetriesPerRequest: 1,
      retryStrategy: () => 1_000,
    });
    redis.on("error", () => {});
    connections.push(redis);
    const endpoint = countingEndpoint(10);
    const errors: string[] = [];
    const manager = new TokenManager({
      fetchToken: endpoint.fetchToken,
      cacheKey: "k",
      store: new RedisTokenStore(redis, prefix, {
        operationTimeoutMs: 200,
        onError: (_error, operation) => errors.push(operation),
      }),
    });
    const started = Date.now();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => manager.getToken()));
    expect(new Set(tokens)).toEqual(new Set(["redis-token-1"]));
    expect(await manager.renewAfterUnauthorized("redis-token-1")).toBe("redis-token-2");
    expect(endpoint.calls).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errors).toEqual(expect.arrayContaining(["get", "lock", "set"]));
  });
});
