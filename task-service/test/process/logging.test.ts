// Logs are shipped to places with wider access than the service itself: they must never hold a
// credential, every line must be machine-readable, and each request log must be traceable by
// its request id (the id a client quotes from an error body).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scratchDatabase } from "../../../harness/local-postgres";
import { startServiceProcess, type ServiceProcess } from "../../../harness/service-process";
import { accessToken, bearer, call, FORM, logLines } from "../support/service-calls";
import { basicAuth, fixtureSecret } from "../support/test-service";

const MALFORMED_PATH = "/v1/tasks/%E0%A4%A";
const WRONG_SECRET = "wrong-secret-Zq8vXk2m";
const FULL_SECRET = fixtureSecret("sandbox-full");
const SPECIAL_SECRET = fixtureSecret("sandbox-special");

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let service: ServiceProcess;
let token: string;
const responseIds: string[] = [];
let malformedRequestId = "";

const tokenPost = (form: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { ...FORM, ...headers },
  body: new URLSearchParams({ grant_type: "client_credentials", ...form }).toString(),
});

/** Requests that carry a credential somewhere, each with the status it must get. */
const requestsCarryingSecrets = (token: string): [what: string, path: string, RequestInit, number][] => [
  [
    "Basic credentials",
    "/oauth/token",
    tokenPost({}, { authorization: basicAuth("sandbox-full", FULL_SECRET) }),
    200,
  ],
  [
    "a form secret",
    "/oauth/token",
    tokenPost({ client_id: "sandbox-special", client_secret: SPECIAL_SECRET }),
    200,
  ],
  [
    "a wrong Basic secret",
    "/oauth/token",
    tokenPost({}, { authorization: basicAuth("sandbox-full", WRONG_SECRET) }),
    401,
  ],
  [
    "a wrong form secret",
    "/oauth/token",
    tokenPost({ client_id: "sandbox-tasks", client_secret: WRONG_SECRET }),
    401,
  ],
  [
    "a secret in the URL",
    `/oauth/token?client_secret=${encodeURIComponent(SPECIAL_SECRET)}`,
    { method: "POST" },
    400,
  ],
  [
    "a secret in a JSON body",
    "/oauth/token",
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: basicAuth("sandbox-full", FULL_SECRET) },
      body: JSON.stringify({ grant_type: "client_credentials", client_secret: FULL_SECRET }),
    },
    400,
  ],
  ["a bearer token", "/v1/locations", { headers: bearer(token) }, 200],
  ["a token in the query only", `/v1/locations?access_token=${token}`, {}, 401],
  [
    "a token in the query of a bad request",
    `/v1/tasks?from=yesterday&access_token=${token}`,
    { headers: bearer(token) },
    400,
  ],
];

beforeAll(async () => {
  database = await scratchDatabase(inject("postgresUrl"), "logging");
  // trace: the most an operator can turn on while debugging must still be safe.
  service = await startServiceProcess({
    DATABASE_URL: database.url,
    VTS_SEED_TASKS: "500",
    VTS_LOG_LEVEL: "trace",
  });
  token = await accessToken(service.url, "sandbox-full", FULL_SECRET);
  for (const [what, path, init, status] of requestsCarryingSecrets(token)) {
    const response = await call(service.url, path, init);
    expect(response.status, what).toBe(status);
    responseIds.push(response.headers.get("x-request-id") ?? "");
  }
  // Kept apart from responseIds: see the known bug at the end of this file.
  const badUrl = await call(service.url, MALFORMED_PATH, { headers: bearer(token) });
  expect(badUrl.status).toBe(400);
  malformedRequestId = badUrl.headers.get("x-request-id") ?? "";
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

const completedIds = () =>
  new Set(
    logLines(service.stdout()).flatMap((line) =>
      typeof line === "object" && "res" in line ? [line.request_id] : [],
    ),
  );

describe("service logs", () => {
  it("are JSON on every line, stdout and stderr alike", () => {
    const notJson = logLines(service.logs()).filter((line) => typeof line === "string");
    expect(notJson).toEqual([]);
  });

  it("give every request log a request_id, the one the client saw in X-Request-Id", async () => {
    const lines = logLines(service.stdout()).filter((line) => typeof line === "object");
    const requestLogs = lines.filter((line) => "req" in line || "res" in line);
    for (const line of requestLogs) expect(line.request_id, JSON.stringify(line)).toEqual(expect.any(String));
    // "request completed" is written once the response has gone out, so it may trail the client.
    await expect
      .poll(() => responseIds.filter((id) => !completedIds().has(id)), { timeout: 5_000 })
      .toEqual([]);
  });

  it("show that a query credential was there, masked", () => {
    expect(service.stdout()).toMatch(/access_token=(%5B|\[)REDACTED/);
  });

  it("hold no secret, no access token (nor its signature) and no Basic credentials", () => {
    const logs = service.logs();
    const signature = token.split(".")[2] ?? "";
    expect(signature.length).toBeGreaterThan(20);
    const forbidden = {
      "the sandbox-full secret": FULL_SECRET,
      "the special secret": SPECIAL_SECRET,
      "the special secret, form-encoded": new URLSearchParams({ s: SPECIAL_SECRET }).toString().slice(2),
      "the special secret, percent-encoded": encodeURIComponent(SPECIAL_SECRET),
      "the wrong secret": WRONG_SECRET,
      "the access token": token,
      "the access token's signature": signature,
      "a Basic header": basicAuth("sandbox-full", FULL_SECRET).slice("Basic ".length),
      "a wrong Basic header": basicAuth("sandbox-full", WRONG_SECRET).slice("Basic ".length),
    };
    for (const [what, value] of Object.entries(forbidden)) expect(logs.includes(value), what).toBe(false);
  });
});

describe("a /v1 URL with broken percent-encoding", () => {
  it("passes the token check first, and carries the rate-limit headers of every /v1 response", async () => {
    const anonymous = await call(service.url, MALFORMED_PATH);
    expect(anonymous.status).toBe(401);
    const authenticated = await call(service.url, MALFORMED_PATH, { headers: bearer(token) });
    expect(authenticated.status).toBe(400);
    expect(authenticated.headers.get("x-ratelimit-limit")).toBe("60");
  });

  // Bug: app.ts's frameworkErrors answers outside Fastify's request lifecycle, so onResponse never
  // runs: no "request completed" line (status, response time) and no count in /metrics.
  it("is logged with its status like every other request", async () => {
    expect(malformedRequestId).not.toBe("");
    await expect.poll(() => completedIds().has(malformedRequestId), { timeout: 2_000 }).toBe(true);
  });
});
