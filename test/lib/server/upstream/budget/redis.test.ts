import { randomUUID } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "@/harness/free-port";
import { startLocalRedis } from "@/harness/local-redis";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import { systemClock, type Clock } from "@/lib/server/upstream/clock";
import { connectSharedRedis } from "@/lib/server/shared-redis";
import { RedisRateLog } from "@/lib/server/upstream/budget/rate-log/redis";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { teachLimit } from "./known-limit";

// Two dashboard instances = two budgets on two Redis connections sharing one key.

let redis: Redis;
const clients: Redis[] = [];

function connect(options: RedisOptions = {}): Redis {
  const client = new Redis(inject("redisUrl"), {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    ...options,
  });
  client.on("error", () => {});
  clients.push(client);
  return client;
}

async function instance(key: string, clock: Clock = systemClock) {
  const client = connect();
  await ready(client); // commands fail fast until connected, which would count as an outage
  return teachLimit(new UpstreamBudget({ rateLog: new RedisRateLog(client, key, { clock }), clock }), 10);
}

function ready(client: Redis): Promise<void> {
  return new Promise((resolve) =>
    client.status === "ready" ? resolve() : client.once("ready", () => resolve()),
  );
}

beforeAll(() => {
  redis = connect({ enableOfflineQueue: true });
});

afterAll(() => {
  for (const client of clients) client.disconnect();
});

describe("upstream budget shared through Redis", () => {
  it("grants at most limit - margin across two instances under 100 concurrent acquires", async () => {
    const key = `budget-test:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(key), instance(key)]);
    const deadlineMs = Date.now() + 1_500;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).acquire("interactive", { deadlineMs })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(8);
    for (const o of outcomes)
      if (o.status === "rejected") expect(o.reason).toBeInstanceOf(BudgetExhaustedError);
    expect(await redis.zcard(`{${key}}:log`)).toBe(8);
    expect(await b.snapshot()).toMatchObject({ usedInWindow: 8, remaining: 0 });
  });

  it("gives back a slot a call never used: one of this instance's, never another's", async () => {
    const key = `budget-test:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(key), instance(key)]);
    const deadlineMs = Date.now() + 1_500;
    for (const budget of [a, b, a, b, a]) await budget.acquire("interactive", { deadlineMs });
    expect(await redis.zcard(`{${key}}:log`)).toBe(5);
    for (let released = 0; released < 4; released++) a.recordNeverSent();
    await expect.poll(() => redis.zcard(`{${key}}:log`)).toBe(2);
    expect((await b.snapshot()).usedInWindow).toBe(2);
  });

  it("shares one count whatever the instances' clocks say", async () => {
    const key = `budget-test:${randomUUID()}`;
    const skewed: Clock = {
      now: () => Date.now() + 30_000,
      sleep: (ms, signal) => systemClock.sleep(ms, signal),
    };
    const [a, b] = await Promise.all([instance(key), instance(key, skewed)]);
    for (let i = 0; i < 4; i++) await a.acquire("interactive", { deadlineMs: Date.now() });
    for (let i = 0; i < 4; i++) await b.acquire("interactive", { deadlineMs: skewed.now() });
    await expect(a.acquire("interactive", { deadlineMs: Date.now() + 500 })).rejects.toBeInstanceOf(
      BudgetExhaustedError,
    );
  });

  it("corrects the shared count once when both instances hear the same Remaining", async () => {
    const key = `budget-test:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(key), instance(key)]);
    await a.acquire("interactive", { deadlineMs: Date.now() });
    const news = { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "20", "X-RateLimit-Reset": "30" };
    await Promise.all([a.recordResponse(200, new Headers(news)), b.recordResponse(200, new Headers(news))]);
    expect(await redis.zcard(`{${key}}:log`)).toBe(40);
    expect(await b.snapshot()).toMatchObject({ limit: 60, usedInWindow: 40, remaining: 18 });
  });

  it("pauses every instance on a 429 seen by one of them", async () => {
    const key = `budget-test:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(key), instance(key)]);
    await a.recordResponse(429, new Headers({ "Retry-After": "1" }));
    const paused = (await b.snapshot()).pausedForMs;
    expect(paused).toBeGreaterThan(500);
    expect(paused).toBeLessThanOrEqual(1_000);

    const impatient = await b
      .acquire("interactive", { deadlineMs: Date.now() + 200 })
      .catch((e: unknown) => e);
    expect(impatient).toBeInstanceOf(BudgetExhaustedError);
    const started = Date.now();
    await b.acquire("interactive", { deadlineMs: Date.now() + 3_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(paused - 300);
  });

  it("falls back to a memory rate log at half the limit when Redis is unreachable", async () => {
    const errors: unknown[] = [];
    const redis = await connectSharedRedis(`redis://127.0.0.1:${await freePort()}`);
    const rateLog = new RedisRateLog(redis, `budget-test:${randomUUID()}`, {
      onError: (error) => errors.push(error),
    });
    try {
      const budget = await teachLimit(new UpstreamBudget({ rateLog }), 10);
      const started = Date.now();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => budget.acquire("interactive", { deadlineMs: Date.now() + 5_000 })),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(4); // half of 8
      // The rest cannot be served within 5 s (the fallback frees a slot in 60 s): told at once.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(errors).toHaveLength(1); // once per outage, not once per command
      expect(await budget.snapshot()).toMatchObject({ usedInWindow: 4, remaining: 0, degraded: true });
    } finally {
      redis.disconnect();
    }
  });

  it("answers from memory at once while Redis hangs, and hands back once it answers again", async () => {
    // A Redis of its own: frozen (SIGSTOP), its connections stay open and nothing answers.
    const hung = await startLocalRedis();
    const client = await connectSharedRedis(hung.url);
    try {
      const key = `budget-test:${randomUUID()}`;
      const rateLog = new RedisRateLog(client, key);
      const budget = await teachLimit(new UpstreamBudget({ rateLog }), 60);
      await budget.acquire("interactive", { deadlineMs: Date.now() + 5_000 });
      hung.freeze();
      // The outage is found by a command's timeout, and a hand-back tried once: then no more waits.
      await budget.acquire("interactive", { deadlineMs: Date.now() + 5_000 });
      await budget.acquire("interactive", { deadlineMs: Date.now() + 5_000 });
      expect(rateLog.isDegraded).toBe(true);
      const started = Date.now();
      for (let call = 0; call < 5; call++)
        await budget.acquire("interactive", { deadlineMs: Date.now() + 5_000 });
      await budget.recordResponse(
        200,
        new Headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "50" }),
      );
      // Less than the one command timeout (1 s) that each of them waited out before.
      expect(Date.now() - started).toBeLessThan(1_000);
      hung.thaw();
      await expect
        .poll(
          async () => {
            await budget.snapshot();
            return rateLog.isDegraded;
          },
          { timeout: 10_000 },
        )
        .toBe(false);
    } finally {
      client.disconnect();
      hung.thaw();
      hung.stop();
    }
  });

  it("hands the fallback's grants to Redis when it answers again", async () => {
    const key = `budget-test:${randomUUID()}`;
    const client = connect({ lazyConnect: true });
    const rateLog = new RedisRateLog(client, key);
    const budget = await teachLimit(new UpstreamBudget({ rateLog }), 10);
    await budget.acquire("interactive", { deadlineMs: Date.now() }); // not connected: fallback
    expect(rateLog.isDegraded).toBe(true);
    await ready(client);
    await budget.acquire("interactive", { deadlineMs: Date.now() });
    expect(rateLog.isDegraded).toBe(false);
    // The outage grant counts twice (the other instance spent its half too), plus the new grant.
    expect(await redis.zcard(`{${key}}:log`)).toBe(3);
  });

  it("restores what it knew to a Redis that comes back empty, and adds nothing to one that kept it", async () => {
    // "noticed": a command failed during the outage; "unnoticed": Redis restarted between commands.
    for (const [emptied, noticed] of [
      [true, true],
      [false, true],
      [true, false],
    ] as const) {
      const key = `budget-test:${randomUUID()}`;
      const client = connect();
      await ready(client);
      const rateLog = new RedisRateLog(client, key);
      const budget = await teachLimit(new UpstreamBudget({ rateLog }), 10);
      for (let i = 0; i < 3; i++) await budget.acquire("interactive", { deadlineMs: Date.now() });
      const ended = new Promise((resolve) => client.once("end", resolve));
      client.disconnect();
      await ended;
      if (noticed) {
        await budget.snapshot(); // fails: the rate log counts alone now
        expect(rateLog.isDegraded).toBe(true);
      }
      if (emptied) await redis.del(`{${key}}:log`);
      await client.connect();
      await budget.acquire("interactive", { deadlineMs: Date.now() });
      expect(rateLog.isDegraded).toBe(false);
      expect(await redis.zcard(`{${key}}:log`), JSON.stringify({ emptied, noticed })).toBe(4);
    }
  });
});
