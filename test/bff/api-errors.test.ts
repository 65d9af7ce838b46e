// What the built dashboard answers for requests its routes do not serve: every /api answer is the
// documented JSON error, never Next's HTML page, an empty 405 or a plain-text 500. And Auth.js's
// own routes under what a client can forge: a callback-url cookie, a Host header. These cases are
// decided by Next's routing, proxy.ts and the dashboard's HTTP server (scripts/dashboard-server.ts),
// so they run against the built dashboard as `npm start` runs it, not the handlers alone.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { passwordSignIn, signOut } from "@/e2e/support/dashboard-instances";
import { expectDocumentedAnswer } from "@/e2e/support/documented-answer";
import { startDashboardProcess, type DashboardProcess } from "@/harness/dashboard-process";
import { parseRawResponse } from "@/harness/raw-http";
import { sandboxDashboardEnv } from "@/harness/sandbox-dashboard-env";
import { addStaffMember } from "@/harness/dashboard-command-lines";
import { startVts, type Vts } from "./support/harness";

const WINDOW = "from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z";
const STAFF = { email: "staff@company.example", password: "staff-member-password" };
const METRICS_TOKEN = randomBytes(24).toString("base64url");

let vts: Vts | undefined;
let dashboard: DashboardProcess | undefined;
const folder = mkdtempSync(join(tmpdir(), "bff-api-errors-"));
const logFile = join(folder, "dashboard.log");
const dashboardEnv: Record<string, string> = {};

beforeAll(async () => {
  vts = await startVts({ VTS_SEED_TASKS: "200", VTS_RATE_LIMIT_PER_MIN: "600" });
  const staffFile = join(logFile, "..", "staff.json");
  addStaffMember(staffFile, STAFF);
  Object.assign(dashboardEnv, sandboxDashboardEnv(vts.url), {
    STAFF_FILE: staffFile,
    METRICS_TOKEN,
    MIRROR: "off",
  });
  dashboard = await startDashboardProcess({ env: dashboardEnv, logFile });
});

afterAll(async () => {
  await dashboard?.stop();
  await vts?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

function dashboardUrl(path: string): string {
  if (!dashboard) throw new Error("the dashboard did not start");
  return `${dashboard.url}${path}`;
}

/** The raw path goes out as written: fetch keeps percent-encoding, even a malformed one. */
async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(dashboardUrl(path), { redirect: "manual", ...init });
  const text = await response.text();
  const headers = Object.fromEntries(response.headers);
  expectDocumentedAnswer({
    method: init.method ?? "GET",
    url: path,
    statusCode: response.status,
    headers,
    body: text,
  });
  return { status: response.status, headers: response.headers, text };
}

/** Bytes a client sends as written, past fetch's checks; the whole answer, read until the server closes. */
function rawExchange(request: string): Promise<ReturnType<typeof parseRawResponse>> {
  const { hostname, port } = new URL(dashboardUrl("/"));
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseRawResponse(received)));
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${request.slice(0, 40)}`)));
  });
}

interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  text: string;
}

function expectApiError(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  const body = JSON.parse(answer.text) as { error: { code: string; message: string; request_id: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).not.toBe("");
  expect(body.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
}

it("without a session: unknown /api addresses are 401, other methods 405, malformed paths 400", async () => {
  // "/api" itself and with a query are the data API too (lib/api-path.ts), not a page to sign in to.
  for (const path of ["/api", "/api?x=1", "/api/nope"]) expectApiError(await call(path), 401, "unauthorized");
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

it("signed in: unknown addresses are 404, malformed input 400, in the documented shape", async () => {
  // The session cookie the sign-in form's post sets, as the browser would send it.
  const { session, refusal } = await passwordSignIn(dashboardUrl(""), STAFF);
  if (!session) throw new Error(`sign-in refused: ${refusal}`);
  const get = (path: string) => call(path, { headers: { cookie: session } });

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

it("/api/metrics answers Prometheus only with its bearer token", async () => {
  for (const authorization of [undefined, "Bearer wrong", `Basic ${METRICS_TOKEN}`]) {
    const answer = await call("/api/metrics", authorization ? { headers: { authorization } } : {});
    expectApiError(answer, 401, "unauthorized");
    expect(answer.headers.get("www-authenticate")).toBe("Bearer");
  }
  const metrics = await call("/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(metrics.text).toContain("dashboard_token_fetches");
});

it("what Next never answers itself (TRACE, CONNECT, unparsable HTTP) gets the documented shape", async () => {
  const raw = async (request: string): Promise<Answer> => {
    const { status, headers, body } = await rawExchange(request);
    return { status, headers: { get: (name: string) => headers[name] ?? null }, text: body };
  };
  const trace = await raw("TRACE /api/tasks HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  expectApiError(trace, 405, "method_not_allowed");
  expect(trace.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  const tracePage = await raw("TRACE /tasks HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  expect(tracePage.status).toBe(405);
  expect(tracePage.headers.get("allow")).toBeTruthy();
  // Auth.js's endpoints are under /api: the JSON shape, with their own methods.
  const traceAuth = await raw(
    "TRACE /api/auth/session HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  );
  expectApiError(traceAuth, 405, "method_not_allowed");
  expect(traceAuth.headers.get("allow")).toBe("GET, HEAD, POST");
  expectApiError(
    await raw("CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n"),
    405,
    "method_not_allowed",
  );
  expectApiError(
    await raw("GET /api/tasks HTTP/1.1 extra\r\nHost: localhost\r\n\r\n"),
    400,
    "invalid_request",
  );
  expectApiError(await raw("\u0001\u0002 nonsense\r\n\r\n"), 400, "invalid_request");
  const oversized = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${"a".repeat(20_000)}\r\n\r\n`;
  expectApiError(await raw(oversized), 431, "invalid_request");
  // The dashboard still serves the next client, and its log holds no stack trace from any of these.
  expect((await call("/api/health")).status).toBe(200);
  const log = readFileSync(logFile, "utf8");
  expect(log).not.toMatch(/HTTP method is unsupported|\n\s+at /);
});

interface AuthAnswer {
  status: number;
  location: string | undefined;
  cookies: string[];
}

/** One request with exactly these headers (a Host of the caller's choosing too), not following redirects. */
function authExchange(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = "",
): Promise<AuthAnswer> {
  const { hostname, port } = new URL(dashboardUrl("/"));
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ hostname, port, method, path, headers }, (response) => {
      response.resume();
      response.once("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          cookies: response.headers["set-cookie"] ?? [],
        }),
      );
    });
    sent.once("error", reject);
    sent.end(body);
  });
}

/** What a browser reads of Auth.js without signing in: its routes, and the page that starts it. */
const AUTH_READS = [
  "/api/auth/session",
  "/api/auth/csrf",
  "/api/auth/providers",
  "/api/auth/signin",
  "/sign-in",
];

const cookieNames = (answer: AuthAnswer) => answer.cookies.map((cookie) => cookie.split("=")[0]!);

it("a forged callback-url cookie or parameter is ignored by Auth.js's routes and pages: never a 500, never another site", async () => {
  const forged = [
    "foo",
    "%",
    "http%3A%2F%2F%5B",
    "javascript%3Aalert(1)",
    "https%3A%2F%2Fevil.example",
    "%2F.%2F%2Fevil.example",
  ];
  for (const value of forged) {
    const cookie = `authjs.callback-url=${value}`;
    for (const path of [...AUTH_READS, `/api/auth/signin?callbackUrl=${value}`]) {
      const answer = await authExchange("GET", path, { cookie });
      expect(answer.status, `${path} with ${cookie}`).toBeLessThan(500);
      if (answer.location)
        expect(new URL(answer.location, dashboardUrl("/")).origin, path).toBe(
          new URL(dashboardUrl("/")).origin,
        );
    }
    // Signing in through the form's own endpoint, with the cookie's CSRF pair.
    const csrf = await fetch(dashboardUrl("/api/auth/csrf"));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers
      .getSetCookie()
      .find((line) => line.startsWith("authjs.csrf-token="))!
      .split(";")[0]!;
    const signedIn = await authExchange(
      "POST",
      "/api/auth/callback/staff-password",
      { cookie: `${csrfCookie}; ${cookie}`, "content-type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ csrfToken, email: STAFF.email, password: STAFF.password }).toString(),
    );
    expect(signedIn.status, `sign-in with ${cookie}`).toBe(302);
    expect(new URL(signedIn.location!, dashboardUrl("/")).origin).toBe(new URL(dashboardUrl("/")).origin);
    expect(cookieNames(signedIn)).toContain("authjs.session-token");
  }
});

it("each answer sets each of Auth.js's cookies once at most", async () => {
  for (const path of AUTH_READS) {
    const names = cookieNames(await authExchange("GET", path, {}));
    expect(names, path).toEqual([...new Set(names)]);
  }
});

it("redirects name the dashboard's own address, whatever Host or X-Forwarded-* the request carried", async () => {
  const own = new URL(dashboardUrl("/")).origin;
  for (const headers of [
    { host: "evil.example" } as Record<string, string>,
    { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
  ]) {
    for (const [method, path] of [
      ["GET", "/api/auth/signin"],
      ["POST", "/api/auth/signout"],
      ["GET", "/tasks"],
    ] as const) {
      const answer = await authExchange(method, path, headers);
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(300);
      expect(answer.status, `${method} ${path}`).toBeLessThan(400);
      const target = new URL(answer.location!, own);
      expect(target.origin, `${method} ${path} with ${JSON.stringify(headers)}`).toBe(own);
      expect(decodeURIComponent(target.search), `${method} ${path}`).not.toContain("evil.example");
    }
  }
});

it("sign-ins, failed sign-ins and sign-outs are in the audit trail by the next read, never with a password", async () => {
  const base = dashboardUrl("");
  const wrongPassword = "not-the-staff-password";
  const typedIntoEmail = "my-secret-passphrase";
  expect((await passwordSignIn(base, { email: STAFF.email, password: wrongPassword })).refusal).toBeDefined();
  expect((await passwordSignIn(base, { email: typedIntoEmail, password: "x" })).refusal).toBeDefined();
  const first = await passwordSignIn(base, STAFF);
  await signOut(base, first.session!);
  const { session } = await passwordSignIn(base, STAFF);

  const answer = await call("/api/admin/audit?action=sign_in,sign_in_failed,sign_out&limit=50", {
    headers: { cookie: session! },
  });
  expect(answer.status, answer.text).toBe(200);
  const trail = JSON.parse(answer.text) as {
    data: { actor: string; action: string; details: Record<string, unknown> }[];
  };
  const oldestFirst = trail.data
    .map((record) => [record.action, record.actor, record.details.reason])
    .reverse();
  expect(oldestFirst.slice(-5)).toEqual([
    ["sign_in_failed", STAFF.email, "wrong_email_or_password"],
    ["sign_in_failed", "(not an email)", "wrong_email_or_password"],
    ["sign_in", STAFF.email, undefined],
    ["sign_out", STAFF.email, undefined],
    ["sign_in", STAFF.email, undefined],
  ]);
  const text = JSON.stringify(trail);
  for (const secret of [wrongPassword, typedIntoEmail, STAFF.password]) expect(text).not.toContain(secret);
});

// The browser run's leak test reads only its own processes' logs; these requests' are read here.
it("none of these requests puts the metrics token, the session secret or the client secret in the log", () => {
  const log = readFileSync(logFile, "utf8");
  expect(log.length).toBeGreaterThan(0);
  for (const secret of [METRICS_TOKEN, dashboardEnv.AUTH_SECRET!, dashboardEnv.VTS_CLIENT_SECRET!]) {
    expect(log.includes(secret), "a secret appears in the dashboard's log").toBe(false);
  }
});
