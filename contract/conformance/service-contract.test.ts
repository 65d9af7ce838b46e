// Proves the contract validator can fail (a validator that accepts everything is worse than none)
// and checks that the service's openapi.yaml itself holds together.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { serviceContract } from "./documents";
import type { ObservedResponse } from "./openapi-conformance";

const assertMatchesContract = serviceContract.assertMatches;
const contractDocument = serviceContract.document;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const doc = contractDocument as Node;
const child = (node: unknown, key: string): unknown => (isNode(node) ? node[key] : undefined);

const task = {
  id: "T-000123",
  vehicle_id: "VEH-00042",
  mva: "60012345",
  vin: "1HGCM82633A004352",
  task_type: "oil_change",
  status: "completed",
  location: { id: "LOC-SEA-01", name: "Seattle Downtown" },
  started_at: "2026-05-01T14:30:00.000Z",
  odometer_miles: 48213,
};

const v1Headers = {
  "content-type": "application/json; charset=utf-8",
  "x-request-id": "req-1",
  "x-ratelimit-limit": "60",
  "x-ratelimit-remaining": "59",
  "x-ratelimit-reset": "41",
};

function observed(overrides: Partial<ObservedResponse> & { json?: unknown }): ObservedResponse {
  const { json, ...rest } = overrides;
  return {
    method: "GET",
    url: "/v1/tasks?from=2026-05-01T00:00:00Z&to=2026-05-08T00:00:00Z&limit=100",
    statusCode: 200,
    headers: v1Headers,
    body: JSON.stringify(json ?? { data: [task], next_cursor: null }),
    ...rest,
  };
}

const errorBody = (code: string) => ({ error: { code, message: "text", request_id: "req-1" } });

describe("assertMatchesContract", () => {
  it("accepts a valid task list", () => {
    expect(() => assertMatchesContract(observed({}))).not.toThrow();
  });

  it("rejects a task without started_at", () => {
    const { started_at: _dropped, ...incomplete } = task;
    const response = observed({ json: { data: [incomplete], next_cursor: null } });
    expect(() => assertMatchesContract(response)).toThrow(
      /body\/data\/0 must have required property 'started_at'/,
    );
  });

  it("rejects an undocumented status", () => {
    expect(() => assertMatchesContract(observed({ statusCode: 404, json: errorBody("not_found") }))).toThrow(
      /status 404 is not documented for \/v1\/tasks/,
    );
  });

  it("rejects a response without a required header", () => {
    const { "x-ratelimit-remaining": _dropped, ...headers } = v1Headers;
    expect(() => assertMatchesContract(observed({ headers }))).toThrow(/X-RateLimit-Remaining is missing/);
  });

  it("rejects a wrong content type", () => {
    const headers = { ...v1Headers, "content-type": "text/html; charset=utf-8" };
    expect(() => assertMatchesContract(observed({ headers }))).toThrow(/Content-Type text\/html/);
  });

  it("rejects a 404 error body without request_id", () => {
    const response = observed({
      url: "/v1/tasks/T-404",
      statusCode: 404,
      json: { error: { code: "not_found", message: "Task not found" } },
    });
    expect(() => assertMatchesContract(response)).toThrow(
      /body\/error must have required property 'request_id'/,
    );
    expect(() =>
      assertMatchesContract({ ...response, body: JSON.stringify(errorBody("not_found")) }),
    ).not.toThrow();
  });

  it("matches percent-encoded path parameters and returns the task unwrapped", () => {
    const response = observed({ url: "/v1/tasks/T%3A1", json: { ...task, id: "T:1" } });
    expect(() => assertMatchesContract(response)).not.toThrow();
    expect(() => assertMatchesContract({ ...response, body: JSON.stringify({ data: task }) })).toThrow(
      /body must have required property 'id'/,
    );
  });

  it("tolerates unknown status and task_type values and extra fields", () => {
    const future = { ...task, status: "on_hold", task_type: "windshield_repair", vin: null, extra: 1 };
    expect(() =>
      assertMatchesContract(observed({ json: { data: [future], next_cursor: "c" } })),
    ).not.toThrow();
  });

  it("rejects malformed field values", () => {
    for (const bad of [
      { vin: "1HGCM82633A00435O" },
      { started_at: "2026-05-01T14:30:00Z" },
      { odometer_miles: -1 },
    ]) {
      const response = observed({ json: { data: [{ ...task, ...bad }], next_cursor: null } });
      expect(() => assertMatchesContract(response), JSON.stringify(bad)).toThrow(
        /body\/data\/0\/(vin|started_at|odometer_miles) must/,
      );
    }
  });

  it("checks header values against their schemas", () => {
    const headers = { ...v1Headers, "x-ratelimit-remaining": "lots" };
    expect(() => assertMatchesContract(observed({ headers }))).toThrow(
      /header X-RateLimit-Remaining must be integer/,
    );
    const noWait = observed({
      statusCode: 429,
      headers: { ...v1Headers, "retry-after": "0" },
      json: errorBody("rate_limited"),
    });
    expect(() => assertMatchesContract(noWait)).toThrow(/header Retry-After must be >= 1/);
    expect(() =>
      assertMatchesContract({ ...noWait, headers: { ...v1Headers, "retry-after": 3 } }),
    ).not.toThrow();
  });

  it("rejects an error code that does not belong to the status", () => {
    const headers = {
      ...v1Headers,
      "www-authenticate": 'Bearer realm="vts", error="insufficient_scope", scope="tasks:read"',
    };
    expect(() =>
      assertMatchesContract(observed({ statusCode: 403, headers, json: errorBody("unauthorized") })),
    ).toThrow(/body\/error\/code must be equal to constant "forbidden"/);
    expect(() =>
      assertMatchesContract(observed({ statusCode: 403, headers, json: errorBody("forbidden") })),
    ).not.toThrow();
  });

  it("requires a 403's WWW-Authenticate to name the scope missing (RFC 6750)", () => {
    expect(() => assertMatchesContract(observed({ statusCode: 403, json: errorBody("forbidden") }))).toThrow(
      /required header WWW-Authenticate is missing/,
    );
  });

  it("treats HEAD as GET and leaves its body to the wire (raw-http.test.ts)", () => {
    const head = observed({ method: "HEAD", body: "" });
    expect(() => assertMatchesContract(head)).not.toThrow();
    expect(() => assertMatchesContract({ ...head, statusCode: 418 })).toThrow(/not documented/);
  });

  it("accepts 405 with Allow for other methods on /v1 paths, and nothing else", () => {
    const response = observed({
      method: "DELETE",
      url: "/v1/locations",
      statusCode: 405,
      headers: { ...v1Headers, allow: "GET, HEAD" },
      json: errorBody("method_not_allowed"),
    });
    expect(() => assertMatchesContract(response)).not.toThrow();
    expect(() => assertMatchesContract({ ...response, headers: v1Headers })).toThrow(/Allow is missing/);
    expect(() => assertMatchesContract({ ...response, statusCode: 200 })).toThrow(/DELETE is not documented/);
  });

  it("accepts 405 on the token endpoint's only operation and on the unauthenticated endpoints", () => {
    const oauth = observed({
      method: "GET",
      url: "/oauth/token",
      statusCode: 405,
      headers: {
        "content-type": "application/json",
        "x-request-id": "req-4",
        "cache-control": "no-store",
        pragma: "no-cache",
        allow: "POST",
      },
      json: { error: "invalid_request", error_description: "Use POST for the token endpoint." },
    });
    expect(() => assertMatchesContract(oauth)).not.toThrow();
    expect(() =>
      assertMatchesContract({ ...oauth, headers: { ...oauth.headers, allow: "GET, HEAD" } }),
    ).toThrow(/header Allow must be equal to constant "POST"/);
    const health = observed({
      method: "POST",
      url: "/healthz",
      statusCode: 405,
      headers: { "content-type": "application/json", "x-request-id": "req-5", allow: "GET, HEAD" },
      json: errorBody("method_not_allowed"),
    });
    expect(() => assertMatchesContract(health)).not.toThrow();
    expect(() => assertMatchesContract({ ...health, statusCode: 400 })).toThrow(/POST is not documented/);
  });

  it("rejects undocumented paths", () => {
    expect(() => assertMatchesContract(observed({ url: "/v1/vehicles" }))).toThrow(/no documented path/);
  });

  it("checks the token endpoint's OAuth bodies and cache headers", () => {
    const headers = {
      "content-type": "application/json",
      "x-request-id": "req-2",
      "cache-control": "no-store",
      pragma: "no-cache",
    };
    const token = {
      access_token: "a.b.c",
      token_type: "Bearer",
      expires_in: 3600,
      scope: "locations:read tasks:read",
    };
    const ok = observed({ method: "POST", url: "/oauth/token", headers, json: token });
    expect(() => assertMatchesContract(ok)).not.toThrow();
    expect(() => assertMatchesContract({ ...ok, headers: { ...headers, pragma: undefined } })).toThrow(
      /required header Pragma is missing/,
    );
    const invalid = { error: "invalid_client", error_description: "Client authentication failed" };
    const denied = { ...ok, statusCode: 401, body: JSON.stringify(invalid) };
    expect(() => assertMatchesContract(denied)).not.toThrow();
    expect(() => assertMatchesContract({ ...denied, statusCode: 400 })).toThrow(
      /body\/error must be equal to one of the allowed values/,
    );
  });

  it("accepts the unauthenticated endpoints", () => {
    const headers = { "x-request-id": "req-3" };
    const cases: Partial<ObservedResponse>[] = [
      {
        url: "/healthz",
        headers: { ...headers, "content-type": "application/json" },
        body: '{"status":"ok"}',
      },
      {
        url: "/metrics",
        headers: { ...headers, "content-type": "text/plain; version=0.0.4; charset=utf-8" },
        body: "up 1\n",
      },
      {
        url: "/openapi.yaml",
        headers: { ...headers, "content-type": "application/yaml" },
        body: "openapi: 3.1.0\n",
      },
    ];
    for (const overrides of cases) expect(() => assertMatchesContract(observed(overrides))).not.toThrow();
  });
});

/** Every `$ref` in the document with the JSON pointer where it occurs. */
function collectRefs(node: unknown, at: string, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((item, i) => collectRefs(item, `${at}/${i}`, found));
  else if (isNode(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push([at, value]);
      else collectRefs(value, `${at}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`, found);
    }
  }
  return found;
}

function resolve(ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split("/")) {
    node = child(node, decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~"));
  }
  return node;
}

const deref = (node: unknown): unknown => {
  const ref = child(node, "$ref");
  return typeof ref === "string" ? deref(resolve(ref)) : node;
};

const operations = Object.entries(doc.paths as Node).flatMap(([template, item]) =>
  Object.entries(item as Node)
    .filter(([method]) =>
      ["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(method),
    )
    .map(([method, operation]) => ({ template, method, operation: operation as Node })),
);

describe("openapi.yaml", () => {
  it("is an OpenAPI 3.1 document with the agreed info", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: "Vehicle Task Service", version: "1.0.0" });
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
  });

  it("has only $refs that resolve", () => {
    const refs = collectRefs(doc, "#");
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter(([, ref]) => resolve(ref) === undefined)).toEqual([]);
  });

  it("gives every operation an operationId, responses with descriptions, and declared path parameters", () => {
    expect(operations.map((o) => `${o.method} ${o.template}`).sort()).toEqual(
      [
        "get /.well-known/jwks.json",
        "get /healthz",
        "get /metrics",
        "get /openapi.yaml",
        "get /v1/locations",
        "get /v1/task-changes",
        "get /v1/tasks",
        "get /v1/tasks/{id}",
        "post /oauth/token",
      ].sort(),
    );
    expect(new Set(operations.map((o) => o.operation.operationId)).size).toBe(operations.length);
    for (const { template, operation } of operations) {
      const responses = Object.values(operation.responses as Node).map(deref);
      expect(responses.length, template).toBeGreaterThan(0);
      for (const response of responses)
        expect(typeof child(response, "description"), template).toBe("string");
      const pathParams = ((operation.parameters ?? []) as Node[])
        .filter((p) => p.in === "path")
        .map((p) => p.name);
      expect(pathParams.sort(), template).toEqual(
        [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort(),
      );
    }
  });

  it("puts X-Request-Id on every response, rate-limit headers on every counted /v1 response, 405 and 431 everywhere, and scopes on /v1", () => {
    const flows = child(child(child(doc.components, "securitySchemes"), "oauth2"), "flows");
    const scopes = Object.keys(child(child(flows, "clientCredentials"), "scopes") as Node);
    for (const { template, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses as Node)) {
        const headers = Object.keys(child(deref(response), "headers") as Node);
        expect(headers, `${template} ${status}`).toContain("X-Request-Id");
        // 431 is answered before the request is read, so no rate limit counts it.
        if (template.startsWith("/v1/") && status !== "431") {
          expect(headers, `${template} ${status}`).toEqual(
            expect.arrayContaining(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]),
          );
        }
        if (["429", "503"].includes(status))
          expect(headers, `${template} ${status}`).toContain("Retry-After");
      }
      expect(Object.keys(operation.responses as Node), template).toEqual(
        expect.arrayContaining(["405", "431"]),
      );
      if (!template.startsWith("/v1/")) continue;
      const [requirement] = operation.security as Node[];
      expect(scopes, template).toEqual(expect.arrayContaining(child(requirement, "oauth2") as string[]));
    }
  });

  it("never closes a schema with additionalProperties: false (the spec promises additive changes)", () => {
    expect(JSON.stringify(doc)).not.toContain('"additionalProperties":false');
  });

  it("has schema examples that satisfy their own schemas", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, "openapi.json");
    for (const [name, schema] of Object.entries(child(doc.components, "schemas") as Node)) {
      const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
      for (const example of (child(schema, "examples") ?? []) as unknown[]) {
        expect(validate(example), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });

  it("limits task_type to 1..128 characters without control characters", () => {
    const parameters = child(child(child(doc.paths, "/v1/tasks"), "get"), "parameters") as Node[];
    const pattern = new RegExp(
      child(parameters.find((p) => p.name === "task_type")?.schema, "pattern") as string,
      "u",
    );
    expect(pattern.test("oil_change")).toBe(true);
    expect(pattern.test("Ölwechsel, vorn")).toBe(true);
    for (const bad of ["", "x".repeat(129), "oil\nchange", "oil\u007f", "\u0000"])
      expect(pattern.test(bad)).toBe(false);
  });
});
