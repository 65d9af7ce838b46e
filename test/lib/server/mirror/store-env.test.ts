import { describe, expect, it } from "vitest";
import { parseDashboardEnv } from "@/lib/server/env";

// The mirror's settings, as an operator sets them: defaults that fill the sandbox's horizon, and a
// clear message naming the variable for a value that cannot work.

const REQUIRED_ENV = {
  VTS_BASE_URL: "http://127.0.0.1:4010",
  VTS_CLIENT_ID: "dashboard",
  VTS_CLIENT_SECRET: "secret",
  AUTH_SECRET: "x".repeat(32),
};

describe("mirror configuration", () => {
  it("defaults to an embedded mirror over 180 days back and 30 ahead at half the budget", () => {
    const env = parseDashboardEnv(REQUIRED_ENV);
    expect(env.DASHBOARD_DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      MIRROR: "on",
      MIRROR_DATA_DIR: ".data/mirror",
      MIRROR_DAYS_BACK: 180,
      MIRROR_DAYS_AHEAD: 30,
      MIRROR_BUDGET_SHARE: 0.5,
    });
  });

  it("takes the operator's values", () => {
    const env = parseDashboardEnv({
      ...REQUIRED_ENV,
      MIRROR: "off",
      MIRROR_DATA_DIR: "/var/lib/mirror",
      DASHBOARD_DATABASE_URL: "postgres://u@db:5432/dashboard",
      MIRROR_DAYS_BACK: "30",
      MIRROR_DAYS_AHEAD: "0",
      MIRROR_BUDGET_SHARE: "0.25",
    });
    expect(env).toMatchObject({
      MIRROR: "off",
      MIRROR_DATA_DIR: "/var/lib/mirror",
      DASHBOARD_DATABASE_URL: "postgres://u@db:5432/dashboard",
      MIRROR_DAYS_BACK: 30,
      MIRROR_DAYS_AHEAD: 0,
      MIRROR_BUDGET_SHARE: 0.25,
    });
  });

  it.each([
    ["MIRROR", "maybe"],
    ["DASHBOARD_DATABASE_URL", "mysql://db/x"],
    ["MIRROR_DAYS_BACK", "0"],
    ["MIRROR_DAYS_BACK", "ten"],
    ["MIRROR_DAYS_AHEAD", "-1"],
    ["MIRROR_BUDGET_SHARE", "0"],
    ["MIRROR_BUDGET_SHARE", "1.5"],
  ])("refuses %s=%s, naming it", (name, value) => {
    expect(() => parseDashboardEnv({ ...REQUIRED_ENV, [name]: value })).toThrow(new RegExp(`  ${name}: `));
  });
});

describe("the audit trail's retention", () => {
  it("keeps every record unless an operator sets the days, and takes whole days from 1", () => {
    expect(parseDashboardEnv(REQUIRED_ENV).AUDIT_RETENTION_DAYS).toBeUndefined();
    expect(
      parseDashboardEnv({ ...REQUIRED_ENV, AUDIT_RETENTION_DAYS: "" }).AUDIT_RETENTION_DAYS,
    ).toBeUndefined();
    expect(parseDashboardEnv({ ...REQUIRED_ENV, AUDIT_RETENTION_DAYS: "400" }).AUDIT_RETENTION_DAYS).toBe(
      400,
    );
    for (const value of ["0", "1.5", "a year"])
      expect(() => parseDashboardEnv({ ...REQUIRED_ENV, AUDIT_RETENTION_DAYS: value })).toThrow(
        / {2}AUDIT_RETENTION_DAYS: /,
      );
  });
});
