import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  claimedAccount,
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ADDRESS,
  SignInThrottle,
} from "@/lib/server/auth/sign-in-throttle";

/** `times` attempts with a wrong password; whether each was allowed to be checked. */
async function fail(throttle: SignInThrottle, times: number, account: string, address: string | undefined) {
  const allowed: boolean[] = [];
  for (let i = 0; i < times; i++) allowed.push((await throttle.attempt(account, address)).allowed);
  return allowed;
}

const allowedNext = async (throttle: SignInThrottle, account: string, address?: string) =>
  (await throttle.attempt(account, address)).allowed;

describe("sign-in throttle in memory", () => {
  it("allows five failed attempts on an account, then none, on that account only", async () => {
    const throttle = new SignInThrottle();
    expect(await fail(throttle, FAILURES_PER_ACCOUNT, "a@company.example", "10.0.0.1")).not.toContain(false);
    expect(await allowedNext(throttle, "a@company.example", "10.0.0.2")).toBe(false);
    expect(await allowedNext(throttle, "b@company.example", "10.0.0.1")).toBe(true);
  });

  it("blocks an address that fails across many accounts", async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      await fail(throttle, 1, `p${i}@company.example`, "10.0.0.9");
    expect(await allowedNext(throttle, "new@company.example", "10.0.0.9")).toBe(false);
    expect(await allowedNext(throttle, "new@company.example", "10.0.0.8")).toBe(true);
  });

  it("counts only the account when no address is known", async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      await fail(throttle, 1, `q${i}@company.example`, undefined);
    expect(await allowedNext(throttle, "staff@company.example")).toBe(true);
    await fail(throttle, FAILURES_PER_ACCOUNT, "r@company.example", undefined);
    expect(await allowedNext(throttle, "r@company.example")).toBe(false);
  });

  it("allows no more than five of 100 parallel attempts to be checked", async () => {
    const throttle = new SignInThrottle();
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => throttle.attempt("burst@company.example", `10.0.1.${i}`)),
    );
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(FAILURES_PER_ACCOUNT);
  });

  it("does not count successful sign-ins", async () => {
    const throttle = new SignInThrottle();
    await fail(throttle, FAILURES_PER_ACCOUNT - 1, "s@company.example", "10.0.0.7");
    for (let i = 0; i < 10; i++) await (await throttle.attempt("s@company.example", "10.0.0.7")).succeeded();
    expect(await allowedNext(throttle, "s@company.example", "10.0.0.7")).toBe(true);
    expect(await allowedNext(throttle, "s@company.example", "10.0.0.7")).toBe(false);
  });
});

describe("the account a password sign-in claims", () => {
  it("is the email typed, as the staff file keeps it", () => {
    expect(claimedAccount("  Ann.Lee@Company.Example ")).toBe("ann.lee@company.example");
    const longest = `${"a".repeat(320 - "@company.example".length)}@company.example`;
    expect(claimedAccount(longest)).toBe(longest);
  });

  it("is none for text no member can have, so that none of it is kept as a key", () => {
    for (const typed of [
      `a${"a".repeat(320 - "@company.example".length)}@company.example`,
      `${"b".repeat(1_000_000)}@company.example`,
      "my secret passphrase",
      "",
      undefined,
      ["ann@company.example"],
    ])
      expect(claimedAccount(typed), String(typed).slice(0, 40)).toBe("");
  });

  it("is counted, however long what was typed, like any account the staff file does not list", async () => {
    const throttle = new SignInThrottle();
    const huge = () => claimedAccount(`${"c".repeat(1_000_000)}${Math.random()}@company.example`);
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) expect(await allowedNext(throttle, huge())).toBe(true);
    expect(await allowedNext(throttle, huge())).toBe(false);
    expect(await allowedNext(throttle, "ann@company.example")).toBe(true);
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
    expect(await allowedNext(throttle, "c@company.example", "10.0.0.3")).toBe(false);
    expect(await allowedNext(throttle, "d@company.example", "10.0.0.4")).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("never turns an outage into a failed sign-in", async () => {
    const throttle = new SignInThrottle({ redis: unreachable });
    const attempt = await throttle.attempt("e@company.example", "10.0.0.5");
    expect(attempt.allowed).toBe(true);
    await expect(attempt.succeeded()).resolves.toBeUndefined();
  });
});
