// Two dashboard instances' sign-in throttles on one real Redis, connected the way the app
// connects (connectSharedRedis): a guesser who spreads attempts over instances is still counted
// once, and a parallel burst is counted before
// any password is checked. Each test takes its own key prefix.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ADDRESS,
  SignInThrottle,
} from "@/lib/server/auth/sign-in-throttle";
import { connectSharedRedis } from "@/lib/server/shared-redis";
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

async function allowed(throttle: SignInThrottle, account: string, address: string) {
  return (await throttle.attempt(account, address)).allowed;
}

describe("sign-in throttles sharing Redis", () => {
  it("share an account's failure count: 3 on one instance and 2 on another block both", async () => {
    const prefix = `test-signin:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(prefix), instance(prefix)]);
    for (let i = 0; i < 3; i++) await a.attempt("guess@company.example", "10.1.0.1");
    for (let i = 0; i < FAILURES_PER_ACCOUNT - 3; i++) await b.attempt("guess@company.example", "10.1.0.2");

    expect(await allowed(a, "guess@company.example", "10.1.0.3")).toBe(false);
    expect(await allowed(b, "guess@company.example", "10.1.0.3")).toBe(false);
    // An instance started later knows too, and other accounts are untouched.
    const c = await instance(prefix);
    expect(await allowed(c, "guess@company.example", "10.1.0.3")).toBe(false);
    expect(await allowed(c, "other@company.example", "10.1.0.3")).toBe(true);
  });

  it("let no more than five of 100 parallel attempts on two instances be checked", async () => {
    const prefix = `test-signin:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(prefix), instance(prefix)]);
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).attempt("burst@company.example", `10.4.0.${i}`)),
    );
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(FAILURES_PER_ACCOUNT);
  });

  it("share an address's failure count across accounts and instances", async () => {
    const prefix = `test-signin:${randomUUID()}`;
    const [a, b] = await Promise.all([instance(prefix), instance(prefix)]);
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      await (i % 2 ? a : b).attempt(`person${i}@company.example`, "10.2.0.1");
    }
    expect(await allowed(a, "fresh@company.example", "10.2.0.1")).toBe(false);
    expect(await allowed(b, "fresh@company.example", "10.2.0.2")).toBe(true);
  });

  it("keep throttling in memory when Redis goes away, without failing a sign-in", async () => {
    const prefix = `test-signin:${randomUUID()}`;
    const proxy = await TcpProxy.start(Number(new URL(inject("redisUrl")).port));
    proxies.push(proxy);
    const errors: unknown[] = [];
    const cut = await instance(prefix, `redis://127.0.0.1:${proxy.port}`, (error) => errors.push(error));
    const other = await instance(prefix);
    await cut.attempt("victim@company.example", "10.3.0.1");
    await cut.attempt("victim@company.example", "10.3.0.1");

    await proxy.refuse();
    for (let i = 2; i < FAILURES_PER_ACCOUNT; i++) {
      expect(await allowed(cut, "victim@company.example", "10.3.0.1")).toBe(true);
    }
    expect(await allowed(cut, "victim@company.example", "10.3.0.9")).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    // Only the two attempts counted before the outage reached the shared count.
    expect(await allowed(other, "victim@company.example", "10.3.0.9")).toBe(true);
  });
});
