import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { SessionRevocations } from "@/lib/server/auth/session-revocation";
import { SignedOutFile } from "@/lib/server/auth/signed-out-file";

/** A signed-out file in a folder of the test's own, removed when the test ends. */
function signedOutFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "signed-out-"));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return join(folder, "signed-out-sessions.jsonl");
}

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

  it("read from Redis are still refused by that instance while Redis is out of reach", async () => {
    const keyPrefix = `test-signed-out:${randomUUID()}`;
    const flaky = new Redis(inject("redisUrl"), { enableOfflineQueue: false, lazyConnect: true });
    flaky.on("error", () => {});
    clients.push(flaky);
    await flaky.connect();
    const a = new SessionRevocations({ redis: redis(), keyPrefix });
    const b = new SessionRevocations({ redis: flaky, keyPrefix, onSharedError: () => {} });
    await a.revoke("s14", Date.now() + 60_000);
    expect(await b.isRevoked("s14")).toBe(true);

    const closed = once(flaky, "end");
    flaky.disconnect();
    await closed;
    expect(await b.isRevoked("s14")).toBe(true);
    // What it never read is not refused: an outage signs nobody out.
    expect(await b.isRevoked("s15")).toBe(false);
  });

  it("made while this instance cannot reach Redis reach the others once it can again", async () => {
    const keyPrefix = `test-signed-out:${randomUUID()}`;
    // Redis keeps its data through the outage, so the -since marker does not cover this sign-out.
    const flaky = new Redis(inject("redisUrl"), { enableOfflineQueue: false, lazyConnect: true });
    flaky.on("error", () => {});
    clients.push(flaky);
    await flaky.connect();
    const a = new SessionRevocations({ redis: flaky, keyPrefix, onSharedError: () => {} });
    const b = new SessionRevocations({ redis: redis(), keyPrefix });
    // As at sign-in: the check runs, then the cookie is stamped.
    expect(await b.isRevoked("s10")).toBe(false);
    const issuedAt = Date.now();
    expect(await b.isRevoked("s10", issuedAt)).toBe(false);

    const closed = once(flaky, "end");
    flaky.disconnect();
    await closed;
    await a.revoke("s10", Date.now() + 60_000);
    expect(await b.isRevoked("s10", issuedAt)).toBe(false);

    await flaky.connect();
    // Any request a then serves (here: another session's check) writes the sign-out through.
    expect(await a.isRevoked("s11", issuedAt)).toBe(false);
    expect(await b.isRevoked("s10", issuedAt)).toBe(true);
    const ttl = await flaky.pttl(`${keyPrefix}:s10`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("take the time sessions are vouched for since from Redis, not from one instance's clock", async () => {
    const keyPrefix = `test-signed-out:${randomUUID()}`;
    const fast = new SessionRevocations({ redis: redis(), keyPrefix, now: () => Date.now() + 600_000 });
    const b = new SessionRevocations({ redis: redis(), keyPrefix });
    expect(await fast.isRevoked("s12")).toBe(false);
    // Issued by an instance whose clock is right, after the marker was written.
    expect(await b.isRevoked("s13", Date.now() + 1)).toBe(false);
  });

  it("are not forgotten when Redis loses its data: sessions issued before then are refused", async () => {
    const keyPrefix = `test-signed-out:${randomUUID()}`;
    const client = redis();
    const a = new SessionRevocations({ redis: client, keyPrefix });
    const b = new SessionRevocations({ redis: redis(), keyPrefix });
    // Issued as at sign-in (no issue time yet), then read back with the cookie's.
    expect(await a.isRevoked("s7")).toBe(false);
    const issuedAt = Date.now();
    expect(await b.isRevoked("s7", issuedAt)).toBe(false);
    expect(await b.isRevoked("s8", issuedAt)).toBe(false);
    await a.revoke("s7", Date.now() + 60_000);
    expect(await b.isRevoked("s7", issuedAt)).toBe(true);

    // What a restart without persistence leaves: none of these keys.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await client.del(...(await client.keys(`${keyPrefix}*`)));
    expect(await b.isRevoked("s7", issuedAt)).toBe(true);
    expect(await b.isRevoked("s8", issuedAt)).toBe(true);
    // Sessions issued from then on (by Redis's clock, this machine's too) are vouched for again.
    expect(await a.isRevoked("s9")).toBe(false);
    expect(await b.isRevoked("s9", Date.now())).toBe(false);
  });

  it("are kept in a file without Redis, so a restarted instance still refuses them", async () => {
    const path = signedOutFile();
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

  it("refuse sessions issued before the process started when their file cannot be read", async () => {
    // A directory where the file should be: unreadable for root too.
    const path = signedOutFile();
    mkdirSync(path);
    let now = 1_000_000;
    const errors: unknown[] = [];
    const revocations = new SessionRevocations({
      file: new SignedOutFile(path),
      onFileUnreadable: (error) => errors.push(error),
      now: () => now,
    });
    await revocations.load();
    expect(errors).toHaveLength(1);
    expect(await revocations.isRevoked("before", now - 1)).toBe(true);
    now += 1;
    expect(await revocations.isRevoked("after", now)).toBe(false);
    expect(await revocations.isRevoked("being-issued")).toBe(false);
  });

  it("keep their file small: expired records go when it is rewritten", async () => {
    const path = signedOutFile();
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
