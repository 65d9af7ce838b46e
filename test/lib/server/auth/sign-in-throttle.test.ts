import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ADDRESS,
  SignInThrottle,
} from "@/lib/server/auth/sign-in-throttle";

async function fail(throttle: SignInThrottle, times: number, account: string, address: string | undefined) {
  for (let i = 0; i < times; i++) await throttle.recordFailure(account, address);
}

describe("sign-in throttle in memory", () => {
  it("blocks an account after five failures, and only that account", async () => {
    const throttle = new SignInThrottle();
    await fail(throttle, FAILURES_PER_ACCOUNT - 1, "a@company.example", "10.0.0.1");
    expect(await throttle.isBlocked("a@company.example", "10.0.0.1")).toBe(false);
    await fail(throttle, 1, "a@company.example", "10.0.0.1");
    expect(await throttle.isBlocked("a@company.example", "10.0.0.2")).toBe(true);
    expect(await throttle.isBlocked("b@company.example", "10.0.0.1")).toBe(false);
  });

  it("blocks an address that fails across many accounts", async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      await fail(throttle, 1, `p${i}@company.example`, "10.0.0.9");
    expect(await throttle.isBlocked("new@company.example", "10.0.0.9")).toBe(true);
    expect(await throttle.isBlocked("new@company.example", "10.0.0.8")).toBe(false);
  });

  it("counts only the account when no address is known", async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      await fail(throttle, 1, `q${i}@company.example`, undefined);
    expect(await throttle.isBlocked("staff@company.example")).toBe(false);
    await fail(throttle, FAILURES_PER_ACCOUNT, "r@company.example", undefined);
    expect(await throttle.isBlocked("r@company.example")).toBe(true);
  });
});

describe("sign-in throttle when Redis fails", () => {
  // Never connects: every shared operation fails at once, as while Redis is down.
  const unreachable = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false });
  unreachable.on("error", () => {});
  afterAll(() => unreachable.disconnect());

  it("keeps throttling in this instance's memory, and says so", async () => {
    const errors: unknown[] = [];
    const throttle = new SignInThrottle({ redis: unreachable, onSharedError: (error) => errors.push(error) });
    await fail(throttle, FAILURES_PER_ACCOUNT, "c@company.example", "10.0.0.3");
    expect(await throttle.isBlocked("c@company.example", "10.0.0.3")).toBe(true);
    expect(await throttle.isBlocked("d@company.example", "10.0.0.4")).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("never turns an outage into a failed sign-in", async () => {
    const throttle = new SignInThrottle({ redis: unreachable });
    await expect(throttle.recordFailure("e@company.example", "10.0.0.5")).resolves.toBeUndefined();
    await expect(throttle.isBlocked("e@company.example", "10.0.0.5")).resolves.toBe(false);
  });
});
