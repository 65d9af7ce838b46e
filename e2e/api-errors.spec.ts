// What the built dashboard answers for requests its routes do not serve: every /api answer is the
// documented JSON error, never Next's HTML page, an empty 405 or a plain-text 500. These cases are
// decided by Next's routing and proxy.ts, so they run against `next start`, not the handlers alone.
import { expect, test } from "@playwright/test";
import { cookieHeader, dashboardUrl, signedIn } from "./support/session";

const WINDOW = "from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z";

/** The raw path goes out as written: fetch keeps percent-encoding, even a malformed one. */
async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(dashboardUrl(path), { redirect: "manual", ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

function expectApiError(answer: Awaited<ReturnType<typeof call>>, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  const body = JSON.parse(answer.text) as { error: { code: string; message: string; request_id: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).not.toBe("");
  expect(body.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
}

test("without a session: unknown /api addresses are 401, other methods 405, malformed paths 400", async () => {
  expectApiError(await call("/api/nope"), 401, "unauthorized");
  expectApiError(await call("/api/tasks/x/extra"), 401, "unauthorized");
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const answer = await call("/api/tasks", { method });
    expectApiError(answer, 405, "method_not_allowed");
    expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  }
  const options = await call("/api/locations", { method: "OPTIONS" });
  expect(options.status).toBe(204);
  expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  for (const path of ["/api/tasks/%FF", "/api/tasks/a%C3b", "/api/tasks/%", "/api/auth/signin/%FF"]) {
    expectApiError(await call(path), 400, "invalid_request");
  }
  // A valid encoding still reaches the route, which asks for a session.
  expectApiError(await call("/api/tasks/a%3Ab"), 401, "unauthorized");
});

test("signed in: unknown addresses are 404, malformed input 400, in the documented shape", async ({
  page,
}) => {
  await signedIn(page);
  const cookie = await cookieHeader(page);
  const get = (path: string) => call(path, { headers: { cookie } });

  for (const path of ["/api", "/api/nope", "/api/TASKS", "/api/tasks/x/extra", "/api/locations/x"]) {
    expectApiError(await get(path), 404, "not_found");
  }
  expectApiError(await get("/api/tasks/%FF"), 400, "invalid_request");
  // Next replaces bytes that are not UTF-8 before the handler sees the query; still refused.
  const badQuery = await get(`/api/tasks?${WINDOW}&task_type=%FF`);
  expectApiError(badQuery, 400, "invalid_request");
  expect(badQuery.text).toContain("percent-encoded UTF-8");
  expectApiError(await get(`/api/export?${WINDOW}&limit=5`), 400, "invalid_request");
  expectApiError(await get("/api/locations?page=2"), 400, "invalid_request");
  expectApiError(
    await get("/api/tasks?from=0000-01-01T00:00:00Z&to=0000-01-02T00:00:00Z"),
    400,
    "invalid_request",
  );

  // A page with a malformed path: a 400 page (e2e/ui/error-pages.spec.ts), not Next's 500.
  const pageAnswer = await get("/tasks/%FF");
  expect(pageAnswer.status).toBe(400);
  expect(pageAnswer.headers.get("content-type")).toMatch(/^text\/html/);
});

test("/api/metrics answers Prometheus only with its bearer token", async () => {
  for (const authorization of [undefined, "Bearer wrong", `Basic ${process.env.E2E_METRICS_TOKEN}`]) {
    const answer = await call("/api/metrics", authorization ? { headers: { authorization } } : {});
    expectApiError(answer, 401, "unauthorized");
    expect(answer.headers.get("www-authenticate")).toBe("Bearer");
  }
  const metrics = await call("/api/metrics", {
    headers: { authorization: `Bearer ${process.env.E2E_METRICS_TOKEN}` },
  });
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(metrics.text).toContain("dashboard_token_fetches");
});
