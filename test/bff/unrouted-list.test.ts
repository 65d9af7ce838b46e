// A list endpoint the service (or a gateway in front of it) answers with 404: a wrong base path,
// a route table that lost a path, a service version without the endpoint. Staff must get the
// documented upstream error, with the upstream request id for support, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardErrorResponse } from "@/lib/server/dashboard-error";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readLocations, readTask } from "@/lib/server/bff/task-data";
import {
  DAY_MS,
  dashboardTaskPage,
  describeOutcome,
  isoMinutesFromNow,
  settle,
  taskListParams,
  type Outcome,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { GATEWAY_REQUEST_ID, PathGateway } from "./support/path-gateway";

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" });
let gateway: PathGateway;
let backend: DashboardBackend;

beforeAll(async () => {
  gateway = await PathGateway.start(suite.vts.url, new Set(["/v1/locations", "/v1/tasks"]));
  backend = await suite.backend(gateway.url);
});

afterAll(async () => {
  await gateway?.close();
});

/** The service answered and refused: 502 with a code that tells the browser not to retry. */
async function expectUpstreamRefused(outcome: Outcome<unknown>) {
  expect(outcome.ok, describeOutcome(outcome)).toBe(false);
  if (outcome.ok) return;
  expect(outcome.error, describeOutcome(outcome)).toBeDefined();
  const response = dashboardErrorResponse(outcome.error!, "req-1");
  expect(response.status).toBe(502);
  expect(await response.json()).toEqual({
    error: {
      code: "upstream_refused",
      message: "The task service refused the request (404).",
      request_id: "req-1",
      upstream_request_id: GATEWAY_REQUEST_ID,
    },
  });
}

describe("a list endpoint answering 404", () => {
  it("GET /api/locations answers 502 upstream_refused, not a 500", async () => {
    await expectUpstreamRefused(await settle(readLocations(backend)));
  });

  it("GET /api/tasks answers 502 upstream_refused, not a 500", async () => {
    const now = Date.now();
    const params = taskListParams(backend, {
      from: isoMinutesFromNow(-7 * DAY_MS, now),
      to: isoMinutesFromNow(0, now),
      limit: 100,
    });
    await expectUpstreamRefused(await settle(dashboardTaskPage(backend, params)));
  });

  it("a single task the service does not know is still simply absent (404 not_found)", async () => {
    const outcome = await settle(readTask(backend, "00000000-0000-4000-8000-000000000000"));
    expect(outcome.ok, describeOutcome(outcome)).toBe(true);
    if (outcome.ok) expect(outcome.value.value.task).toBeUndefined();
  });
});
