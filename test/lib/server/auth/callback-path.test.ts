import { describe, expect, it } from "vitest";
import { DEFAULT_CALLBACK_PATH, safeCallbackPath, sameSiteRedirect } from "@/lib/server/auth/callback-path";

describe("the page after sign-in", () => {
  it("is the page the person asked for, query included", () => {
    expect(safeCallbackPath("/tasks?range=30d")).toBe("/tasks?range=30d");
    expect(safeCallbackPath("/tasks/t_1?location_id=loc_lax_airport#raw")).toBe(
      "/tasks/t_1?location_id=loc_lax_airport#raw",
    );
    expect(safeCallbackPath("/locations")).toBe("/locations");
  });

  it("is the task list when nothing was asked for", () => {
    expect(safeCallbackPath(undefined)).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath("")).toBe(DEFAULT_CALLBACK_PATH);
  });

  it("never leaves the site, however the address is disguised", () => {
    for (const hostile of [
      "https://evil.example/tasks",
      "//evil.example/tasks",
      "/\\evil.example/tasks",
      "\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      " //evil.example",
      "javascript:alert(1)",
      "http:/evil.example",
      "/.//evil.example",
      "/./\\evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
    ]) {
      expect(safeCallbackPath(hostile), JSON.stringify(hostile)).toBe(DEFAULT_CALLBACK_PATH);
    }
  });

  it("keeps an encoded slash as part of a path on this site", () => {
    expect(safeCallbackPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
});

describe("Auth.js's redirect after signing in or out", () => {
  const baseUrl = "http://localhost:3000";

  it("keeps a page of this site, given as a path or in full", () => {
    expect(sameSiteRedirect({ url: "/tasks?range=7d", baseUrl })).toBe(`${baseUrl}/tasks?range=7d`);
    expect(sameSiteRedirect({ url: `${baseUrl}/locations`, baseUrl })).toBe(`${baseUrl}/locations`);
    expect(sameSiteRedirect({ url: baseUrl, baseUrl })).toBe(baseUrl);
  });

  it("answers the site for anything else, and never throws on what a client put in the cookie", () => {
    for (const hostile of [
      "foo",
      "%",
      "http://[",
      "javascript:alert(1)",
      "https://evil.example/tasks",
      "http://localhost:3001/tasks",
      "//evil.example",
      "",
    ]) {
      expect(() => sameSiteRedirect({ url: hostile, baseUrl }), hostile).not.toThrow();
      expect(new URL(sameSiteRedirect({ url: hostile, baseUrl })).origin, hostile).toBe(baseUrl);
    }
    expect(sameSiteRedirect({ url: `${baseUrl}/.//evil.example`, baseUrl })).toBe(`${baseUrl}/tasks`);
  });
});
