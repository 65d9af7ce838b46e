import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { SessionRevocations } from "@/lib/server/auth/session-revocation";

const clients: Redis[] = [];
afterAll(() => clients.forEach((client) => client.disconnect()));

function redis(): Redis {
  const client = new Redis(inject("redisUrl"));
  clients.push(client);
  return client;
}

describe("signed-out sessions", () => {
  it("are refused until the session would have expired, and then forgotten", async () => {
    let now = 1_000_000;
    const revocations = new SessionRevocations({ now: () => now });
    await revocations.revoke("s1", now + 60_000);
    expect(await revocations.isRevoked("s1")).toBe(true);
    expect(await revocations.isRevoked("s2")).toBe(false);
    now += 60_000;
    expect(await revocations.isRevoked("s1")).toBe(false);
  });

  it("are refused by every instance sharing Redis", async () => {
    const keyPrefix = `test-signed-out:${randomUUID()}`;
    const a = new SessionRevocations({ redis: redis(), keyPrefix });
    const b = new SessionRevocations({ redis: redis(), keyPrefix });
    await a.revoke("s3", Date.now() + 60_000);
    expect(await b.isRevoked("s3")).toBe(true);
    expect(await b.isRevoked("s4")).toBe(false);
  });

  it("are still refused by the instance that signed them out while Redis is down", async () => {
    const errors: unknown[] = [];
    const unreachable = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false });
    unreachable.on("error", () => {});
    clients.push(unreachable);
    const revocations = new SessionRevocations({ redis: unreachable, onSharedError: (e) => errors.push(e) });
    await revocations.revoke("s5", Date.now() + 60_000);
    expect(await revocations.isRevoked("s5")).toBe(true);
    expect(await revocations.isRevoked("s6")).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("are not forgotten when Redis loses its data: sessions issued before then are refused", async () => {
    const keyPrefix = `test-signed-out:${randomUUID()}`;
    const client = redis();
    let now = Date.now();
    const a = new SessionRevocations({ redis: client, keyPrefix, now: () => now });
    const b = new SessionRevocations({ redis: redis(), keyPrefix, now: () => now });
    // Issued as at sign-in (no issue time yet), then read back with the cookie's.
    expect(await a.isRevoked("s7")).toBe(false);
    const issuedAt = now;
    expect(await b.isRevoked("s7", issuedAt)).toBe(false);
    expect(await b.isRevoked("s8", issuedAt)).toBe(false);
    await a.revoke("s7", now + 60_000);
    expect(await b.isRevoked("s7", issuedAt)).toBe(true);

    // What a restart without persistence leaves: none of these keys.
    now += 1;
    await client.del(...(await client.keys(`${keyPrefix}*`)));
    expect(await b.isRevoked("s7", issuedAt)).toBe(true);
    expect(await b.isRevoked("s8", issuedAt)).toBe(true);
    // Sessions issued from then on are vouched for again.
    expect(await a.isRevoked("s9")).toBe(false);
    expect(await b.isRevoked("s9", now)).toBe(false);
  });
});
