import { describe, expect, it } from "vitest";
import { DEFAULT_CALLBACK_PATH, safeCallbackPath } from "@/app/sign-in/callback-path";

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
    ]) {
      expect(safeCallbackPath(hostile), JSON.stringify(hostile)).toBe(DEFAULT_CALLBACK_PATH);
    }
  });

  it("keeps an encoded slash as part of a path on this site", () => {
    expect(safeCallbackPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
});
