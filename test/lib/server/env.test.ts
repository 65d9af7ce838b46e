import { describe, expect, it } from "vitest";
import { parseDashboardEnv } from "@/lib/server/env";

// The rules every dashboard setting shares with the service's own (task-service/src/config.ts), for
// `npm start` hands both one environment: an empty value is unset, and a number is decimal text.

const REQUIRED_ENV = {
  VTS_BASE_URL: "http://127.0.0.1:4010",
  VTS_CLIENT_ID: "dashboard",
  VTS_CLIENT_SECRET: "secret",
  AUTH_SECRET: "x".repeat(32),
};

/** Every setting that may be left unset. */
const OPTIONAL_SETTINGS = [
  "VTS_SCOPE",
  "REDIS_URL",
  "VTS_TIMEOUT_MS",
  "VTS_RATE_LIMIT_WINDOW_SECONDS",
  "TASK_CACHE_FRESH_SECONDS",
  "VTS_MAX_WINDOW_DAYS",
  "STAFF_FILE",
  "DASHBOARD_TRUST_PROXY",
  "AUTH_OIDC_ISSUER",
  "AUTH_OIDC_CLIENT_ID",
  "AUTH_OIDC_CLIENT_SECRET",
  "AUTH_OIDC_NAME",
  "AUTH_OIDC_ACCESS_CLAIM",
  "AUTH_OIDC_ACCESS_MAP",
  "AUTH_OIDC_ACCESS_DEFAULT",
  "LOG_LEVEL",
  "METRICS_TOKEN",
  "MIRROR",
  "MIRROR_DATA_DIR",
  "WORKSPACE_DATA_DIR",
  "AUDIT_RETENTION_DAYS",
  "DASHBOARD_DATABASE_URL",
  "MIRROR_DAYS_BACK",
  "MIRROR_DAYS_AHEAD",
  "MIRROR_MIN_FREE_MB",
  "MIRROR_BUDGET_SHARE",
  "MAINTENANCE_LATE_TOLERANCE",
];

const refusal = (name: string) => new RegExp(`^ {2}${name}: `, "m");

describe("an empty or blank setting", () => {
  it.each(["", " ", "\t"])("counts as unset, for every setting: %j", (value) => {
    const env = Object.fromEntries(OPTIONAL_SETTINGS.map((name) => [name, value]));
    expect(parseDashboardEnv({ ...REQUIRED_ENV, ...env })).toEqual(parseDashboardEnv(REQUIRED_ENV));
  });

  it("takes the defaults", () => {
    const env = parseDashboardEnv({
      ...REQUIRED_ENV,
      VTS_TIMEOUT_MS: "",
      VTS_MAX_WINDOW_DAYS: "",
      LOG_LEVEL: "",
      STAFF_FILE: "",
      AUTH_OIDC_ACCESS_CLAIM: "",
      MIRROR_MIN_FREE_MB: " ",
      DASHBOARD_TRUST_PROXY: " ",
      MAINTENANCE_LATE_TOLERANCE: " ",
      MIRROR_DAYS_AHEAD: " ",
    });
    expect(env).toMatchObject({
      VTS_TIMEOUT_MS: 10_000,
      VTS_MAX_WINDOW_DAYS: 92,
      LOG_LEVEL: "info",
      STAFF_FILE: ".data/staff.json",
      AUTH_OIDC_ACCESS_CLAIM: "groups",
      MIRROR_MIN_FREE_MB: 64,
      DASHBOARD_TRUST_PROXY: 0,
      MAINTENANCE_LATE_TOLERANCE: 0.1,
      MIRROR_DAYS_AHEAD: 30,
    });
  });

  it.each(["VTS_CLIENT_ID", "VTS_CLIENT_SECRET", "AUTH_SECRET"])("leaves required %s missing", (name) => {
    expect(() => parseDashboardEnv({ ...REQUIRED_ENV, [name]: " " })).toThrow(refusal(name));
  });
});

describe("a number setting", () => {
  it("takes decimal text", () => {
    const env = parseDashboardEnv({
      ...REQUIRED_ENV,
      VTS_TIMEOUT_MS: "2500",
      VTS_MAX_WINDOW_DAYS: "016",
      MIRROR_MIN_FREE_MB: "0",
      MIRROR_BUDGET_SHARE: ".5",
      MAINTENANCE_LATE_TOLERANCE: "0.05",
    });
    expect(env).toMatchObject({
      VTS_TIMEOUT_MS: 2_500,
      VTS_MAX_WINDOW_DAYS: 16,
      MIRROR_MIN_FREE_MB: 0,
      MIRROR_BUDGET_SHARE: 0.5,
      MAINTENANCE_LATE_TOLERANCE: 0.05,
    });
  });

  it.each([
    ["VTS_MAX_WINDOW_DAYS", "0x10"],
    ["VTS_TIMEOUT_MS", "1e3"],
    ["VTS_TIMEOUT_MS", "+1000"],
    ["VTS_RATE_LIMIT_WINDOW_SECONDS", "60.0"],
    ["TASK_CACHE_FRESH_SECONDS", "0b11"],
    ["MIRROR_MIN_FREE_MB", " 64"],
    ["MIRROR_DAYS_BACK", "1_000"],
    ["AUDIT_RETENTION_DAYS", "4e2"],
    ["DASHBOARD_TRUST_PROXY", "0x1"],
    ["MIRROR_BUDGET_SHARE", "5e-1"],
    ["MIRROR_BUDGET_SHARE", "0.5 "],
    ["MAINTENANCE_LATE_TOLERANCE", "0x0"],
    ["MAINTENANCE_LATE_TOLERANCE", "1."],
  ])("refuses %s=%j as the service would, naming it", (name, value) => {
    expect(() => parseDashboardEnv({ ...REQUIRED_ENV, [name]: value })).toThrow(refusal(name));
  });

  it("takes a fraction only where it is a share", () => {
    expect(() => parseDashboardEnv({ ...REQUIRED_ENV, MIRROR_DAYS_BACK: "1.5" })).toThrow(
      / {2}MIRROR_DAYS_BACK: must be a whole number/,
    );
  });
});
