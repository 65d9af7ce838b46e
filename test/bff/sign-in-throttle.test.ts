// Two dashboard instances' sign-in throttles on one real Redis, connected the way the app
// connects (connectSharedRedis): a guesser who spreads attempts over instances is still counted
// once. Each test takes its own key prefix.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ADDRESS,
  SignInThrottle,
} from "@/lib/server/auth/sign-in-throttle";
import { connectSharedRedis } from "@/lib/server/bff/shared-redis";
import { TcpProxy } from "./support/tcp-proxy";

const connections: Redis[] = [];
const proxies: TcpProxy[] = [];

afterAll(async () => {
  for (const redis of connections) redis.disconnect();
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

async function instance(keyPrefix: string, url = inject("redisUrl"), onSharedError?: (e: unknown) => void) {
  const redis = await connectSharedRedis(url);
  connections.push(redis);
  return new SignInThrottle({ redis, keyPrefix, onSharedError });
}

describe("sign-in throttles sharing Redis", () => {
  it("share an account's failure count: 3 on one instance and 2 on another block both", async () => {
    const prefix = `test-signin:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(prefix), instance(prefix)]);
    for (let i = 0; i < 3; i++) await a.recordFailure("guess@company.example", "10.1.0.1");
    for (let i = 0; i < FAILURES_PER_ACCOUNT - 3; i++)
      await b.recordFailure("guess@company.example", "10.1.0.2");

    expect(await a.isBlocked("guess@company.example", "10.1.0.3")).toBe(true);
    expect(await b.isBlocked("guess@company.example", "10.1.0.3")).toBe(true);
    // An instance started later knows too, and other accounts are untouched.
    const c = await instance(prefix);
    expect(await c.isBlocked("guess@company.example", "10.1.0.3")).toBe(true);
    expect(await c.isBlocked("other@company.example", "10.1.0.3")).toBe(false);
  });

  it("share an address's failure count across accounts and instances", async () => {
    const prefix = `test-signin:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(prefix), instance(prefix)]);
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      await (i % 2 ? a : b).recordFailure(`person${i}@company.example`, "10.2.0.1");
    }
    expect(await a.isBlocked("fresh@company.example", "10.2.0.1")).toBe(true);
    expect(await b.isBlocked("fresh@company.example", "10.2.0.2")).toBe(false);
  });

  it("keep throttling in memory when Redis goes away, without failing a sign-in", async () => {
    const prefix = `test-signin:${randomUUID()}`;
    const proxy = await TcpProxy.start(Number(new URL(inject("redisUrl")).port));
    proxies.push(proxy);
    const errors: unknown[] = [];
    const cut = await instance(prefix, `redis://127.0.0.1:${proxy.port}`, (error) => errors.push(error));
    const other = await instance(prefix);
    await cut.recordFailure("victim@company.example", "10.3.0.1");
    await cut.recordFailure("victim@company.example", "10.3.0.1");

    await proxy.refuse();
    for (let i = 2; i < FAILURES_PER_ACCOUNT; i++) {
      await expect(cut.recordFailure("victim@company.example", "10.3.0.1")).resolves.toBeUndefined();
    }
    expect(await cut.isBlocked("victim@company.example", "10.3.0.9")).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    // Only the two failures counted before the outage reached the shared count.
    expect(await other.isBlocked("victim@company.example", "10.3.0.9")).toBe(false);
  });
});
