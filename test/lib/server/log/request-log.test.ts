import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardError } from "@/lib/server/dashboard-error";
import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import type * as LoggerModule from "@/lib/server/log/dashboard-logger";
import { routePattern } from "@/lib/server/log/request-log";
import { UpstreamError } from "@/lib/server/upstream/http/vts-client";
import { SESSION_COOKIE, sessionCookieValue, stubDashboardEnv } from "../../support/session-cookie";
import { capturingLogger } from "./capture";

// dashboardRoute with a real session cookie (signed with the test's AUTH_SECRET) and a capturing
// logger: one line per request.

const log = vi.hoisted(() => ({ current: undefined as undefined | ReturnType<typeof capturingLogger> }));
const AUTH_SECRET = "request-log-test-secret-".padEnd(40, "x");
let sessionCookie: string | undefined;

vi.mock("@/lib/server/log/dashboard-logger", async (importOriginal) => ({
  ...(await importOriginal<typeof LoggerModule>()),
  dashboardLogger: () => log.current!.logger,
}));

let removeStaffFile = () => {};
beforeAll(() => ({ removeStaffFile } = stubDashboardEnv(AUTH_SECRET)));
afterAll(() => removeStaffFile());

beforeEach(async () => {
  const claims = { email: "staff@company.example", sid: randomUUID() };
  sessionCookie = `${SESSION_COOKIE}=${await sessionCookieValue(claims, { secret: AUTH_SECRET })}`;
  log.current = capturingLogger();
});

/** A request as the browser sends it: with the session cookie, unless a test took it away. */
const request = (url: string) =>
  new Request(url, { headers: sessionCookie ? { cookie: sessionCookie } : {} });

/** The wrapper writes its line once the answer is out (a macrotask after it returns). */
const lineWritten = () => new Promise((resolve) => setImmediate(resolve));

// Query values no request id (hex) or timestamp could contain by chance.
const URL_WITH_QUERY = "http://localhost/api/tasks/tsk_42?cursor=c2VjcmV0&token=query-token-xyz";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe("routePattern", () => {
  it("names the route's parameters instead of their values", () => {
    expect(routePattern("/api/tasks/tsk_42", { id: "tsk_42" })).toBe("/api/tasks/[id]");
    expect(routePattern("/api/tasks/a%20b", { id: "a b" })).toBe("/api/tasks/[id]");
    expect(routePattern("/api/locations", {})).toBe("/api/locations");
  });
});

describe("dashboard API request lines", () => {
  it("logs a successful request: route, path without query, status, duration, staff", async () => {
    const handler = dashboardRoute<{ id: string }>(async () => Response.json({ ok: true }));
    const response = await handler(request(URL_WITH_QUERY), params("tsk_42"));
    await lineWritten();

    expect(response.status).toBe(200);
    const [line] = log.current!.lines;
    expect(line).toMatchObject({
      level: "info",
      msg: "dashboard api request",
      request_id: response.headers.get("x-request-id"),
      method: "GET",
      route: "/api/tasks/[id]",
      path: "/api/tasks/tsk_42",
      status: 200,
      staff: "staff@company.example",
    });
    expect(line!.duration_ms).toEqual(expect.any(Number));
    expect(log.current!.text()).not.toContain("cursor");
    expect(log.current!.text()).not.toContain("query-token-xyz");
    expect(log.current!.text()).not.toContain(sessionCookie!.slice(SESSION_COOKIE.length + 1));
  });

  it("logs a route without dynamic segments, which Next gives no params", async () => {
    const handler = dashboardRoute(async () => Response.json({ data: [] }));
    const response = await handler(request("http://localhost/api/locations"), {
      params: Promise.resolve(undefined as unknown as Record<string, never>),
    });
    await lineWritten();
    expect(response.status).toBe(200);
    expect(log.current!.lines[0]).toMatchObject({ route: "/api/locations", status: 200 });
  });

  it("logs a refused request without a session at info, with its code", async () => {
    sessionCookie = undefined;
    const handler = dashboardRoute(async () => Response.json({}));
    const response = await handler(request("http://localhost/api/budget"));
    await lineWritten();
    expect(response.status).toBe(401);
    const [line] = log.current!.lines;
    expect(line).toMatchObject({ level: "info", status: 401, error_code: "unauthorized" });
    expect(line).not.toHaveProperty("staff");
  });

  it("logs an upstream failure as a warning with the service's request id", async () => {
    const handler = dashboardRoute<{ id: string }>(async () => {
      throw new UpstreamError("unavailable", "The service answered 503.", {
        status: 503,
        upstreamRequestId: "vts-req-7",
      });
    });
    const response = await handler(request(URL_WITH_QUERY), params("tsk_42"));
    await lineWritten();
    expect(response.status).toBe(502);
    expect(log.current!.lines[0]).toMatchObject({
      level: "warn",
      status: 502,
      error_code: "upstream_unavailable",
      upstream_request_id: "vts-req-7",
      err: { type: "UpstreamError", message: "The service answered 503." },
    });
  });

  it("logs an unexpected error at error level with its redacted message only", async () => {
    const handler = dashboardRoute(async () => {
      throw new Error("boom at https://vts.example/v1/tasks?cursor=abc with Bearer t0ken");
    });
    const response = await handler(request("http://localhost/api/tasks?from=x"));
    await lineWritten();
    expect(response.status).toBe(500);
    const [line] = log.current!.lines;
    expect(line).toMatchObject({
      level: "error",
      status: 500,
      error_code: "internal_error",
      err: {
        type: "Error",
        message: "boom at https://vts.example/v1/tasks?[REDACTED] with Bearer [REDACTED]",
      },
    });
    expect(log.current!.text()).not.toContain("t0ken");
    expect(log.current!.text()).not.toContain("    at ");
  });

  it("logs the documented error a handler throws", async () => {
    const handler = dashboardRoute<{ id: string }>(async () => {
      throw new DashboardError("not_found", "No task has this id.");
    });
    await handler(request("http://localhost/api/tasks/tsk_9"), params("tsk_9"));
    await lineWritten();
    expect(log.current!.lines[0]).toMatchObject({ level: "info", status: 404, error_code: "not_found" });
  });

  it("logs a list asked of a mirror still filling at info: the fill's 503 is by design, not a fault", async () => {
    const handler = dashboardRoute(async () => {
      throw new DashboardError("mirror_not_ready", "The mirror is still filling this range.");
    });
    await handler(request("http://localhost/api/tasks"), { params: Promise.resolve({}) });
    await lineWritten();
    expect(log.current!.lines[0]).toMatchObject({
      level: "info",
      status: 503,
      error_code: "mirror_not_ready",
    });
  });

  it("logs a request whose browser went away at info, not as a failure of ours", async () => {
    const browser = new AbortController();
    const handler = dashboardRoute(async ({ signal }) => {
      browser.abort(new DOMException("The browser closed the request.", "AbortError"));
      throw signal.reason;
    });
    const gone = new Request("http://localhost/api/tasks", {
      headers: { cookie: sessionCookie! },
      signal: browser.signal,
    });
    const response = await handler(gone);
    await lineWritten();
    expect(response.status).toBe(499);
    expect(log.current!.lines[0]).toMatchObject({
      level: "info",
      status: 499,
      error_code: "client_closed_request",
    });
  });
});
