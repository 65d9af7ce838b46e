// The route handlers' own answers, held to contract/dashboard/openapi.yaml: without a session, to
// other methods and OPTIONS, and signed in where no service is needed or none answers. (The browser
// tests hold the answers with data to it too, through e2e/support/api-contract.ts.)
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as unrouted from "@/app/api/[[...path]]/route";
import * as budget from "@/app/api/budget/route";
import * as exportRoute from "@/app/api/export/route";
import * as health from "@/app/api/health/route";
import * as locations from "@/app/api/locations/route";
import * as metrics from "@/app/api/metrics/route";
import * as mirror from "@/app/api/mirror/route";
import * as task from "@/app/api/tasks/[id]/route";
import * as tasks from "@/app/api/tasks/route";
import * as summary from "@/app/api/tasks/summary/route";
import * as vehicle from "@/app/api/vehicles/[vehicle_id]/route";
import { dashboardContract } from "@/contract/conformance/documents";
import { SESSION_COOKIE, sessionCookieValue, stubDashboardEnv } from "../../lib/support/session-cookie";

type Handler = (request: Request, route: { params: Promise<object> }) => Promise<Response> | Response;
type RouteModule = Record<string, unknown>;

const AUTH_SECRET = "route-contract-test-secret-".padEnd(40, "x");
const METRICS_TOKEN = "route-contract-metrics-token";
const WINDOW = "from=2026-05-01T00:00:00Z&to=2026-05-08T00:00:00Z";
let session: string;
let removeStaffFile = () => {};

beforeAll(async () => {
  ({ removeStaffFile } = stubDashboardEnv(AUTH_SECRET));
  vi.stubEnv("LOG_LEVEL", "silent");
  vi.stubEnv("METRICS_TOKEN", METRICS_TOKEN);
  // No service listens here: every upstream call fails at once.
  vi.stubEnv("VTS_BASE_URL", "http://127.0.0.1:9");
  // These answers need no mirror; what needs one is refused as the document says for MIRROR=off
  // (the mirror's own answers are tested against a real sync in test/lib/server/mirror/api-*).
  vi.stubEnv("MIRROR", "off");
  const value = await sessionCookieValue(
    { email: "staff@company.example", sid: randomUUID() },
    { secret: AUTH_SECRET },
  );
  session = `${SESSION_COOKIE}=${value}`;
});
afterAll(() => removeStaffFile());

/** The handler's answer, checked against the document; its status for the test to assert. */
async function answer(
  module: RouteModule,
  path: string,
  {
    method = "GET",
    params = {},
    headers = {},
  }: { method?: string; params?: object; headers?: HeadersInit } = {},
): Promise<number> {
  const handler = module[method] as Handler;
  const request = new Request(`http://localhost${path}`, { method, headers });
  const response = await handler(request, { params: Promise.resolve(params) });
  dashboardContract.assertMatches({
    method,
    url: path,
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  });
  return response.status;
}

const ROUTES: [path: string, module: RouteModule, params: object][] = [
  [`/api/tasks?${WINDOW}`, tasks, {}],
  ["/api/tasks/T-000123", task, { id: "T-000123" }],
  ["/api/locations", locations, {}],
  ["/api/budget", budget, {}],
  [`/api/export?${WINDOW}`, exportRoute, {}],
  [`/api/tasks/summary?${WINDOW}`, summary, {}],
  ["/api/vehicles/VEH-00042", vehicle, { vehicle_id: "VEH-00042" }],
  ["/api/mirror", mirror, {}],
];

describe("without a session", () => {
  it.each(ROUTES)("%s: 401 to GET, 405 to other methods, 204 to OPTIONS", async (path, module, params) => {
    expect(await answer(module, path, { params })).toBe(401);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expect(await answer(module, path, { method, params })).toBe(405);
    expect(await answer(module, path, { method: "OPTIONS", params })).toBe(204);
  });

  it("an address no route serves is 401 whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(
        await answer(unrouted, "/api/nope/deeper", { method, params: { path: ["nope", "deeper"] } }),
      ).toBe(401);
  });

  it("health is open; metrics wants its own token", async () => {
    expect(await answer(health, "/api/health")).toBe(200);
    expect(await answer(health, "/api/health", { method: "OPTIONS" })).toBe(204);
    expect(await answer(metrics, "/api/metrics")).toBe(401);
    expect(
      await answer(metrics, "/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
    ).toBe(200);
  });
});

describe("signed in", () => {
  const signedIn = () => ({ cookie: session });

  it("the budget answers without the service", async () => {
    expect(await answer(budget, "/api/budget", { headers: signedIn() })).toBe(200);
  });

  it("bad parameters, a bad id and an unknown address are refused in the documented shape", async () => {
    const headers = signedIn();
    expect(await answer(tasks, "/api/tasks?from=yesterday&to=today", { headers })).toBe(400);
    expect(await answer(exportRoute, `/api/export?${WINDOW}&limit=5`, { headers })).toBe(400);
    expect(await answer(locations, "/api/locations?page=2", { headers })).toBe(400);
    expect(await answer(task, "/api/tasks/a%20b", { headers, params: { id: "a b" } })).toBe(400);
    expect(await answer(unrouted, "/api/nope", { headers, params: { path: ["nope"] } })).toBe(404);
  });

  it("the mirror's parameters are checked before anything else, then refused with MIRROR=off", async () => {
    const headers = signedIn();
    for (const bad of ["sort=colour", "status=a%20b", "q=", `location_id=${"L,".repeat(50)}L`, "order=up"])
      expect(await answer(tasks, `/api/tasks?${WINDOW}&${bad}`, { headers })).toBe(400);
    expect(await answer(summary, `/api/tasks/summary?${WINDOW}&tz=Mars%2FOlympus`, { headers })).toBe(400);
    expect(await answer(summary, `/api/tasks/summary?${WINDOW}&limit=5`, { headers })).toBe(400);
    expect(await answer(vehicle, "/api/vehicles/a%20b", { headers, params: { vehicle_id: "a b" } })).toBe(
      400,
    );
    expect(
      await answer(vehicle, "/api/vehicles/VEH-1?x=1", { headers, params: { vehicle_id: "VEH-1" } }),
    ).toBe(400);
    expect(await answer(mirror, "/api/mirror?x=1", { headers })).toBe(400);
    for (const needsMirror of ["status=completed", "location_id=A,B", "sort=mva", "q=oil"]) {
      const response = await tasks.GET(
        new Request(`http://localhost/api/tasks?${WINDOW}&${needsMirror}`, { headers }),
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toContain("MIRROR=off");
    }
    expect(await answer(summary, `/api/tasks/summary?${WINDOW}`, { headers })).toBe(400);
    expect(await answer(vehicle, "/api/vehicles/VEH-1", { headers, params: { vehicle_id: "VEH-1" } })).toBe(
      400,
    );
    expect(await answer(exportRoute, `/api/export?${WINDOW}&status=completed`, { headers })).toBe(400);
  });

  it("the mirror's status says it is off", async () => {
    const response = await mirror.GET(new Request("http://localhost/api/mirror", { headers: signedIn() }));
    expect(await response.json()).toEqual({ enabled: false, setting: "off" });
  });

  it("a service that does not answer is 502 upstream_unavailable", async () => {
    const headers = signedIn();
    expect(await answer(locations, "/api/locations", { headers })).toBe(502);
    expect(await answer(tasks, `/api/tasks?${WINDOW}`, { headers })).toBe(502);
    expect(await answer(task, "/api/tasks/T-000123", { headers, params: { id: "T-000123" } })).toBe(502);
  });
});
