import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/server/auth/sign-in-throttle";
import { parseDashboardEnv } from "@/lib/server/env";

const forwardedFor = (value?: string) => new Headers(value === undefined ? {} : { "x-forwarded-for": value });

describe("the sign-in attempt's address", () => {
  it("is unknown without a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress(forwardedFor("203.0.113.7"), 0)).toBeUndefined();
    expect(clientAddress(forwardedFor("203.0.113.7, 192.0.2.1"), 0)).toBeUndefined();
  });

  it("is the entry the trusted proxies appended, not the client's made-up first one", () => {
    expect(clientAddress(forwardedFor("203.0.113.7, 192.0.2.44"), 1)).toBe("192.0.2.44");
    expect(clientAddress(forwardedFor("203.0.113.7, 192.0.2.44, 10.0.0.2"), 2)).toBe("192.0.2.44");
    expect(clientAddress(forwardedFor("2001:db8::1"), 1)).toBe("2001:db8::1");
  });

  it("is unknown when the header has fewer entries than proxies, or a non-address there", () => {
    expect(clientAddress(forwardedFor("192.0.2.44"), 2)).toBeUndefined();
    expect(clientAddress(forwardedFor(), 1)).toBeUndefined();
    expect(clientAddress(forwardedFor("192.0.2.44, not-an-address"), 1)).toBeUndefined();
  });
});

describe("DASHBOARD_TRUST_PROXY", () => {
  const env = { VTS_BASE_URL: "http://127.0.0.1:4010", VTS_CLIENT_ID: "d", VTS_CLIENT_SECRET: "s" };
  const trusted = (value?: string) =>
    parseDashboardEnv({ ...env, AUTH_SECRET: "x".repeat(40), DASHBOARD_TRUST_PROXY: value })
      .DASHBOARD_TRUST_PROXY;

  it("is a count of proxies, 0 unless set; true and false as for VTS_TRUST_PROXY", () => {
    expect([undefined, "", "false", "0", "true", "1", "2"].map(trusted)).toEqual([0, 0, 0, 0, 1, 1, 2]);
  });

  it("refuses anything else at start-up", () => {
    for (const value of ["yes", "-1", "1.5", "11", "constructor"])
      expect(() => trusted(value), value).toThrow("DASHBOARD_TRUST_PROXY");
  });
});
