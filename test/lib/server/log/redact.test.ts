import { describe, expect, it } from "vitest";
import { redactText, serializeError } from "@/lib/server/log/dashboard-logger";

const JWT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkYXNoYm9hcmQifQ.c2lnbmF0dXJl";

describe("redactText", () => {
  it("keeps an address's endpoint and drops its credentials and query string", () => {
    const text = redactText("POST https://idp:pw@idp.example/token?client_secret=abc&code=xyz failed");
    expect(text).toBe("POST https://idp.example/token?[REDACTED] failed");
  });

  it("drops the query string of a bare path", () => {
    expect(redactText("GET /api/tasks?cursor=c1&token=t1 timed out")).toBe(
      "GET /api/tasks?[REDACTED] timed out",
    );
  });

  it("drops the password of a Redis address", () => {
    expect(redactText("connect ECONNREFUSED redis://:hunter2@cache:6379/0")).toBe(
      "connect ECONNREFUSED redis://cache:6379/0",
    );
  });

  it("keeps a documentation anchor but not a fragment that carries values", () => {
    expect(redactText("Read more at https://errors.authjs.dev#oauthcallbackerror")).toBe(
      "Read more at https://errors.authjs.dev/#oauthcallbackerror",
    );
    expect(redactText("back to https://app.example/cb#access_token=abc")).toBe(
      "back to https://app.example/cb#[REDACTED]",
    );
  });

  it("masks bearer and basic credentials, JWTs and secret-named values", () => {
    const text = redactText(
      `Authorization: Bearer ${JWT}; Basic ZGFzaDpzM2NyM3Q=; token ${JWT}; client_secret=s3cr3t, "password": "hunter2"`,
    );
    for (const secret of [JWT, "ZGFzaDpzM2NyM3Q=", "s3cr3t", "hunter2"]) expect(text).not.toContain(secret);
    expect(text).toContain("client_secret=[REDACTED]");
    expect(redactText("retried with Bearer abc.def-ghi")).toBe("retried with Bearer [REDACTED]");
  });

  it("leaves ordinary messages alone", () => {
    const message = "The service answered 503. upstream request budget exhausted; retry in about 4 s";
    expect(redactText(message)).toBe(message);
  });
});

describe("serializeError", () => {
  it("keeps the type, the redacted message and one level of cause, never the stack", () => {
    const cause = new TypeError("fetch failed: https://idp.example/userinfo?access_token=abc");
    const error = Object.assign(new Error("sign-in failed", { cause }), { code: "E_SSO" });
    expect(serializeError(error)).toEqual({
      type: "Error",
      message: "sign-in failed",
      code: "E_SSO",
      cause: { type: "TypeError", message: "fetch failed: https://idp.example/userinfo?[REDACTED]" },
    });
  });

  it("names an Auth.js error by its type, and follows its { err } cause", () => {
    // Minified builds rename classes, so the name says nothing; Auth.js sets `type`.
    class R extends Error {
      type = "CallbackRouteError";
    }
    const error = new R("Callback failed", { cause: { err: new Error(`bad id_token ${JWT}`) } });
    expect(serializeError(error)).toEqual({
      type: "CallbackRouteError",
      message: "Callback failed",
      cause: { type: "Error", message: "bad id_token [REDACTED]" },
    });
  });

  it("describes a thrown non-error without trusting it", () => {
    expect(serializeError("token=abc")).toEqual({ type: "string", message: "token=[REDACTED]" });
  });
});
