// redactUrl: what the request log may show of a URL.
import { describe, expect, it } from "vitest";
import { redactUrl } from "../../src/observability/logging";

const paramsOf = (url: string) => new URLSearchParams(url.slice(url.indexOf("?") + 1));

describe("redactUrl", () => {
  it("leaves a URL without a query alone", () => {
    expect(redactUrl("/v1/tasks")).toBe("/v1/tasks");
    expect(redactUrl("/v1/tasks/T-1")).toBe("/v1/tasks/T-1");
  });

  it.each([
    "access_token",
    "client_secret",
    "token",
    "id_token",
    "refresh_token",
    "secret",
    "password",
    "code",
    "assertion",
  ])("replaces the value of %s and keeps the other parameters", (name) => {
    const url = `/v1/tasks?from=2026-05-01T00:00:00Z&${name}=s3cr3t-VALUE&limit=5`;
    const redacted = redactUrl(url);
    expect(redacted).not.toContain("s3cr3t-VALUE");
    expect(redacted.startsWith("/v1/tasks?")).toBe(true);
    const params = paramsOf(redacted);
    expect(params.get(name)).toBe("[REDACTED]");
    expect(params.get("from")).toBe("2026-05-01T00:00:00Z");
    expect(params.get("limit")).toBe("5");
  });

  it("matches names in any case and in any spelling that decodes to them", () => {
    for (const url of ["/x?Access_Token=abc123", "/x?CLIENT_SECRET=abc123", "/x?access%5Ftoken=abc123"]) {
      expect(redactUrl(url), url).not.toContain("abc123");
    }
  });

  it("hides every value of a repeated sensitive parameter", () => {
    const redacted = redactUrl("/oauth/token?client_secret=first&scope=a&client_secret=second");
    expect(redacted).not.toContain("first");
    expect(redacted).not.toContain("second");
    expect(paramsOf(redacted).getAll("client_secret")).toEqual(["[REDACTED]"]);
    expect(paramsOf(redacted).get("scope")).toBe("a");
  });

  it("keeps repeated ordinary parameters", () => {
    expect(paramsOf(redactUrl("/v1/tasks?mva=1&mva=2")).getAll("mva")).toEqual(["1", "2"]);
  });

  it("hides an encoded secret too", () => {
    const redacted = redactUrl("/x?client_secret=p%2Bs%2Fw%3Ard%25%C3%A9");
    expect(redacted).not.toMatch(/p%2Bs|p\+s/);
  });

  it("keeps parameters whose names only contain a sensitive word", () => {
    expect(paramsOf(redactUrl("/x?token_type=Bearer&postcode=12345")).get("postcode")).toBe("12345");
    expect(paramsOf(redactUrl("/x?token_type=Bearer")).get("token_type")).toBe("Bearer");
  });

  it("copes with a bare question mark and malformed escapes", () => {
    expect(() => redactUrl("/v1/tasks?")).not.toThrow();
    expect(redactUrl("/x?access_token=%zz%&a=%")).not.toContain("%zz");
  });
});
