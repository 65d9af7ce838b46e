import { describe, expect, it } from "vitest";
import { parseDashboardEnv } from "@/lib/server/env";
import { capturingLogger } from "./capture";

const REQUIRED_ENV = {
  VTS_BASE_URL: "http://127.0.0.1:4010",
  VTS_CLIENT_ID: "dashboard",
  VTS_CLIENT_SECRET: "secret",
  AUTH_SECRET: "x".repeat(32),
};

describe("dashboard logger", () => {
  it("writes JSON lines with a level label, a time and the service name", () => {
    const { logger, lines } = capturingLogger();
    logger.info({ request_id: "r1" }, "hello");
    expect(lines[0]).toMatchObject({ level: "info", service: "dashboard", request_id: "r1", msg: "hello" });
    expect(Date.parse(String(lines[0]!.time))).not.toBeNaN();
  });

  it("masks headers, cookies and secret-named fields, at the top and one level down", () => {
    const { logger, lines, text } = capturingLogger();
    logger.warn(
      {
        headers: { authorization: "Bearer t0ken", cookie: "authjs.session-token=c00kie" },
        cookie: "authjs.session-token=c00kie",
        client_secret: "s3cr3t",
        upstream: { token: "t0ken", clientSecret: "s3cr3t", status: 401 },
      },
      "careless line",
    );
    for (const secret of ["t0ken", "c00kie", "s3cr3t"]) expect(text()).not.toContain(secret);
    expect(lines[0]).toMatchObject({ headers: "[REDACTED]", upstream: { token: "[REDACTED]", status: 401 } });
  });

  it("serializes errors as type and redacted message, without stack or cause objects", () => {
    const { logger, lines, text } = capturingLogger();
    const error = new Error("token request to https://vts.example/oauth/token?client_secret=s3cr3t failed", {
      cause: { headers: { authorization: "Basic ZGFzaDpzM2NyM3Q=" } },
    });
    logger.error({ err: error }, "failed");
    expect(lines[0]!.err).toEqual({
      type: "Error",
      message: "token request to https://vts.example/oauth/token?[REDACTED] failed",
    });
    expect(text()).not.toContain("s3cr3t");
    expect(text()).not.toContain("ZGFzaDpzM2NyM3Q=");
    expect(text()).not.toContain("    at ");
  });

  it("honours the level", () => {
    const { logger, lines } = capturingLogger("warn");
    logger.info("quiet");
    logger.warn("loud");
    expect(lines.map((line) => line.msg)).toEqual(["loud"]);
  });
});

describe("LOG_LEVEL", () => {
  it("defaults to info and accepts pino's levels", () => {
    expect(parseDashboardEnv(REQUIRED_ENV).LOG_LEVEL).toBe("info");
    expect(parseDashboardEnv({ ...REQUIRED_ENV, LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => parseDashboardEnv({ ...REQUIRED_ENV, LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});
