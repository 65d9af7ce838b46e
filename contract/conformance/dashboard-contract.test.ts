// Proves the checker holds the dashboard's answers to its document (contract/dashboard/openapi.yaml):
// an undocumented status, field or header value fails, and every /api address has its answers.
import { describe, expect, it } from "vitest";
import { dashboardContract } from "./documents";
import type { ObservedResponse } from "./openapi-conformance";

const check = (response: ObservedResponse) => () => dashboardContract.assertMatches(response);

const REQUEST_ID = "6f1c2a9e-0d4b-4d7a-9a51-2b8e1f0c3d47";
const jsonHeaders = {
  "content-type": "application/json",
  "x-request-id": REQUEST_ID,
  "cache-control": "private, no-store",
};
const dataHeaders = {
  ...jsonHeaders,
  "x-data-fetched-at": "2026-11-25T14:03:00.000Z",
  "x-data-stale": "false",
  "server-timing": "total;dur=1.00",
};
const task = {
  id: "T-000123",
  vehicle_id: "VEH-00042",
  mva: "60012345",
  vin: null,
  task_type: "oil_change",
  status: "completed",
  location: { id: "LOC-SEA-01", name: "Seattle Downtown" },
  started_at: "2026-05-01T14:30:00.000Z",
  odometer_miles: 48213,
};
const budget = {
  limit: 60,
  remaining: 59,
  used_in_window: 1,
  queued: { interactive: 0, prefetch: 0, export: 0 },
  reset_in_seconds: 61,
  paused_for_seconds: 0,
  shared: true,
};
const error = (code: string) => JSON.stringify({ error: { code, message: "text", request_id: REQUEST_ID } });
const errorHeaders = {
  "content-type": "application/json",
  "x-request-id": REQUEST_ID,
  "cache-control": "no-store",
};

function answer(overrides: Partial<ObservedResponse>): ObservedResponse {
  return {
    method: "GET",
    url: "http://localhost:3000/api/tasks?from=2026-05-01T00:00:00Z&to=2026-05-08T00:00:00Z",
    statusCode: 200,
    headers: dataHeaders,
    body: JSON.stringify({ data: [task], next_cursor: null, total: null, source: "live" }),
    ...overrides,
  };
}

describe("the dashboard's contract", () => {
  it("accepts a page of tasks, with the service's future task fields passed through", () => {
    expect(check(answer({}))).not.toThrow();
    const future = { ...task, colour: "red" };
    expect(
      check(
        answer({ body: JSON.stringify({ data: [future], next_cursor: "a.b", total: 1, source: "mirror" }) }),
      ),
    ).not.toThrow();
  });

  it("refuses a field of the dashboard's own shapes it does not document", () => {
    const page = answer({
      body: JSON.stringify({ data: [], next_cursor: null, total: 0, source: "mirror", count: 0 }),
    });
    expect(check(page)).toThrow(/body must NOT have additional properties/);
    const meter = answer({
      url: "/api/budget",
      headers: jsonHeaders,
      body: JSON.stringify({ ...budget, spent: 1 }),
    });
    expect(check(meter)).toThrow(/body must NOT have additional properties/);
    expect(check({ ...meter, body: JSON.stringify(budget) })).not.toThrow();
  });

  it("refuses an undocumented status, and an error code that is not the status's", () => {
    expect(check(answer({ statusCode: 404, headers: errorHeaders, body: error("not_found") }))).toThrow(
      /status 404 is not documented for \/api\/tasks/,
    );
    expect(check(answer({ statusCode: 502, headers: errorHeaders, body: error("upstream_busy") }))).toThrow(
      /body\/error\/code must be equal to one of the allowed values/,
    );
  });

  it("wants the freshness headers on data, and Retry-After on upstream_busy", () => {
    const { "x-data-fetched-at": _dropped, ...stale } = dataHeaders;
    expect(check(answer({ headers: stale }))).toThrow(/required header X-Data-Fetched-At is missing/);
    expect(
      check(answer({ headers: { ...dataHeaders, "x-data-stale": "true", "x-data-stale-reason": "late" } })),
    ).toThrow(/header X-Data-Stale-Reason must be equal to one of the allowed values/);
    const busy = answer({ statusCode: 503, headers: errorHeaders, body: error("upstream_busy") });
    expect(check(busy)).toThrow(/required header Retry-After is missing/);
    expect(check({ ...busy, headers: { ...errorHeaders, "retry-after": "7" } })).not.toThrow();
  });

  it("answers any method on an address no route serves from x-unrouted, at any depth", () => {
    for (const url of ["/api", "/api/nope", "/api/tasks/T-1/extra"]) {
      const unrouted = answer({
        method: "PATCH",
        url,
        statusCode: 404,
        headers: errorHeaders,
        body: error("not_found"),
      });
      expect(check(unrouted), url).not.toThrow();
      expect(check({ ...unrouted, statusCode: 200 }), url).toThrow(/status 200 is not documented/);
    }
    expect(check(answer({ url: "/elsewhere" }))).toThrow(/no documented path matches/);
  });

  it("takes 405 with Allow on every route, and OPTIONS' 204 without a body", () => {
    const refused = answer({
      method: "DELETE",
      url: "/api/locations",
      statusCode: 405,
      headers: { ...errorHeaders, allow: "GET, HEAD, OPTIONS" },
      body: error("method_not_allowed"),
    });
    expect(check(refused)).not.toThrow();
    expect(check({ ...refused, headers: { ...errorHeaders, allow: "GET" } })).toThrow(/header Allow must be/);
    const options = { method: "OPTIONS", url: "/api/health", statusCode: 204, body: "" };
    expect(
      check(answer({ ...options, headers: { allow: "GET, HEAD, OPTIONS", "cache-control": "no-store" } })),
    ).not.toThrow();
  });

  it("checks CSV and Prometheus text by content type", () => {
    const csv = answer({
      url: "/api/export?from=2026-05-01T00:00:00Z&to=2026-05-08T00:00:00Z",
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="tasks_2026-05-01--2026-05-08.csv"',
        "x-request-id": REQUEST_ID,
        "cache-control": "private, no-store",
      },
      body: "\uFEFFid\r\n",
    });
    expect(check(csv)).not.toThrow();
    expect(check({ ...csv, headers: { ...csv.headers, "content-type": "application/json" } })).toThrow(
      /Content-Type application\/json is not documented/,
    );
  });
});
