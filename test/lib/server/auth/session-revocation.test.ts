import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { SessionRevocations } from "@/lib/server/auth/session-revocation";
import { SignedOutFile } from "@/lib/server/auth/signed-out-file";

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

  it("are kept in a file without Redis, so a restarted instance still refuses them", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "signed-out-")), "signed-out-sessions.jsonl");
    let now = 1_000_000;
    const started = async () => {
      const revocations = new SessionRevocations({ file: new SignedOutFile(path), now: () => now });
      await revocations.load();
      return revocations;
    };
    const before = await started();
    await before.revoke("short", now + 1_000);
    await before.revoke("long", now + 60_000);

    const after = await started();
    expect(await after.isRevoked("long")).toBe(true);
    expect(await after.isRevoked("short")).toBe(true);
    expect(await after.isRevoked("other")).toBe(false);
    now += 1_000;
    expect(await (await started()).isRevoked("short")).toBe(false);
    expect(await (await started()).isRevoked("long")).toBe(true);
  });

  it("keep their file small: expired records go when it is rewritten", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "signed-out-")), "signed-out-sessions.jsonl");
    let now = 1_000_000;
    const revocations = new SessionRevocations({ file: new SignedOutFile(path), now: () => now });
    await revocations.load();
    await Promise.all(Array.from({ length: 150 }, (_, i) => revocations.revoke(`old-${i}`, now + 1_000)));
    now += 2_000;
    await Promise.all(Array.from({ length: 10 }, (_, i) => revocations.revoke(`new-${i}`, now + 60_000)));
    const lines = readFileSync(path, "utf8").split("\n").filter(Boolean);
    expect(lines.length).toBeLessThan(150);
    expect(lines.some((line) => line.includes("old-"))).toBe(false);
    const restarted = new SessionRevocations({ file: new SignedOutFile(path), now: () => now });
    await restarted.load();
    for (let i = 0; i < 10; i++) expect(await restarted.isRevoked(`new-${i}`)).toBe(true);
  });
});
