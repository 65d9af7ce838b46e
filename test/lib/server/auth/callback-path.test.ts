import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CALLBACK_PATH,
  safeCallbackPath,
  sameSiteRedirect,
  withoutForgedCallback,
} from "@/lib/server/auth/callback-path";

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

describe("a request to Auth.js's routes with a forged callback address", () => {
  const origin = "http://localhost:3000";
  const FORGED = "javascript:alert(1)";

  /** The callbackUrl values Auth.js is handed, and its cookie header. */
  const seen = (request: NextRequest) => ({
    params: new URL(request.url).searchParams.getAll("callbackUrl"),
    cookie: request.headers.get("cookie"),
  });
  const get = (query: string, cookie?: string) =>
    new NextRequest(`${origin}/api/auth/session?${query}`, { headers: cookie ? { cookie } : {} });

  it("reaches Auth.js with no forged parameter, whichever copy of a repeated one is forged", () => {
    for (const query of [
      `callbackUrl=${FORGED}`,
      `callbackUrl=/tasks&callbackUrl=${FORGED}`,
      `callbackUrl=${FORGED}&callbackUrl=/tasks`,
      `callbackUrl=/tasks&callbackUrl=/locations&callbackUrl=${FORGED}`,
    ]) {
      const passed = withoutForgedCallback(get(`${query}&other=1`));
      expect(seen(passed).params, query).toEqual([]);
      expect(new URL(passed.url).searchParams.get("other"), query).toBe("1");
    }
  });

  it("drops them from a POST's query too, and keeps its body", async () => {
    const body = new URLSearchParams({ csrfToken: "t", email: "ann@company.example" }).toString();
    const passed = withoutForgedCallback(
      new NextRequest(`${origin}/api/auth/callback/staff-password?callbackUrl=/tasks&callbackUrl=${FORGED}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
    expect(seen(passed).params).toEqual([]);
    expect(passed.method).toBe("POST");
    expect(await passed.text()).toBe(body);
  });

  it("drops every forged callback-url cookie, however many the header carries", () => {
    const cookie = `authjs.callback-url=${origin}%2Ftasks; authjs.callback-url=${FORGED}; theme=dark`;
    expect(seen(withoutForgedCallback(get("x=1", cookie))).cookie).toBe(
      `authjs.callback-url=${origin}%2Ftasks; theme=dark`,
    );
  });

  it("passes a request whose every callback address is one Auth.js takes as it came", () => {
    const request = get("callbackUrl=/tasks&callbackUrl=/locations", `authjs.callback-url=${origin}`);
    expect(withoutForgedCallback(request)).toBe(request);
  });
});
