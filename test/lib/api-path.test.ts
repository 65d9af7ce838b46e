import { describe, expect, it } from "vitest";
import { isUnderApi, pathArea } from "@/lib/api-path";

describe("which part of the dashboard a request target belongs to", () => {
  it("puts every /api address but Auth.js's in the data API, with or without a query", () => {
    for (const target of ["/api", "/api?x=1", "/api/", "/api/tasks", "/api/tasks?from=1", "/api#x"])
      expect(pathArea(target), target).toBe("data-api");
    // Not Auth.js's: the data API's catch-all answers these.
    for (const target of ["/api/auth", "/api/auth?x=1", "/api/authx", "/api/AUTH/session"])
      expect(pathArea(target), target).toBe("data-api");
  });

  it("leaves Auth.js's endpoints to Auth.js", () => {
    for (const target of ["/api/auth/", "/api/auth/session", "/api/auth/csrf?x=1", "/api/auth/signin/%FF"])
      expect(pathArea(target), target).toBe("auth");
  });

  it("takes anything else for a page", () => {
    for (const target of ["/", "/apix", "/apis/tasks", "/tasks?q=/api/", "//api/tasks", "*", ""])
      expect(pathArea(target), target).toBe("page");
  });

  it("reads the path of an absolute-form target", () => {
    expect(pathArea("http://localhost:3000/api/tasks?x=1")).toBe("data-api");
    expect(pathArea("http://localhost:3000/api/auth/session")).toBe("auth");
    expect(pathArea("http://localhost:3000/tasks")).toBe("page");
  });

  it("answers JSON errors for all of /api", () => {
    expect(isUnderApi("/api/auth/session")).toBe(true);
    expect(isUnderApi("/api?x")).toBe(true);
    expect(isUnderApi("/tasks")).toBe(false);
  });
});
