// SIGTERM is how every orchestrator stops the service. Accepted requests must still get their whole
// answer, the embedded store must be closed and unlocked, and a restart must find the same data.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertMatchesContract } from "../support/contract";
import { startServiceProcess, type ServiceProcess } from "../../../harness/service-process";
import { accessToken, bearer, call, logLines } from "../support/service-calls";
import { basicAuth, fixtureSecret } from "../support/test-service";
import {
  assertCompleteMatchesContract,
  getOnOwnConnection,
  hasWholeResponse,
  openRawConnection,
  parseRawResponse,
  sleep,
  waitFor,
  type RawConnection,
} from "../../../harness/raw-http";

const CONCURRENT = 16;
const DAY_MS = 86_400_000;
// Sandbox data spans 180 days back from its generation; 91 days back from now holds > 500 tasks.
const to = new Date().toISOString();
const from = new Date(Date.now() - 91 * DAY_MS).toISOString();
const QUERY = `/v1/tasks?from=${from}&to=${to}&limit=500`;

let dataDir: string;
const env = () => ({ VTS_DATA_DIR: dataDir, VTS_SEED_TASKS: "2000" });
let service: ServiceProcess | undefined;
const connections: RawConnection[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "vts-shutdown-"));
});
afterAll(async () => {
  for (const connection of connections) connection.socket.destroy();
  await service?.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const taskIds = (body: string) => (JSON.parse(body) as { data: { id: string }[] }).data.map((t) => t.id);
const incomingIds = (logs: string) =>
  new Set(
    logLines(logs).flatMap((line) =>
      typeof line === "object" && line.msg === "incoming request" ? [String(line.request_id)] : [],
    ),
  );

const TOKEN_BODY = "grant_type=client_credentials";

/** Sends a token request whose body stops halfway, so it is routed and then waits for the rest. */
async function startSlowTokenRequest(port: number, requestId: string, connection: "close" | "keep-alive") {
  const connectionToServer = await openRawConnection(port);
  connections.push(connectionToServer);
  connectionToServer.socket.write(
    `POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      `Authorization: ${basicAuth("sandbox-full", fixtureSecret("sandbox-full"))}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${TOKEN_BODY.length}\r\n\r\n` +
      TOKEN_BODY.slice(0, 10),
  );
  return connectionToServer;
}
const finishSlowTokenRequest = (connection: RawConnection) => connection.socket.write(TOKEN_BODY.slice(10));

describe("SIGTERM", () => {
  it(
    "finishes every accepted request, exits 0, unlocks the data dir, and a restart serves the same data",
    { timeout: 120_000 },
    async () => {
      const first = await startServiceProcess(env());
      service = first;
      const token = await accessToken(first.url, "sandbox-full", fixtureSecret("sandbox-full"));
      const baseline = await call(first.url, QUERY, { headers: bearer(token) });
      expect(baseline.status).toBe(200);
      const expectedIds = taskIds(baseline.text);
      expect(expectedIds).toHaveLength(500);

      // Our own request ids tie each response to the service's log of accepting it. The slow token
      // request is certain to be in flight when the signal is handled. The task pages usually are
      // too (the embedded store answers them one at a time), but a busy machine may let the
      // service finish them before this test has seen them all accepted and sends the signal.
      const slowId = `drain-token-${process.pid}`;
      const slow = await startSlowTokenRequest(first.port, slowId, "close");
      const ids = Array.from({ length: CONCURRENT }, (_, i) => `drain-${i}-${process.pid}`);
      const outcomes = ids.map((id) =>
        getOnOwnConnection(first.port, QUERY, { ...bearer(token), "x-request-id": id }),
      );
      await waitFor(
        () => [slowId, ...ids].every((id) => incomingIds(first.stdout()).has(id)),
        "the service to accept every request",
      );
      const exitCode = first.stop("SIGTERM");
      service = undefined;
      await waitFor(() => first.stdout().includes("shutting down"), "the shutdown to begin");
      // Once the drain has begun, a new client gets no response at all: refused, or reset while it
      // still sat in the listen backlog. Either way no byte of an answer came, so it may retry.
      const late = await getOnOwnConnection(first.port, QUERY, bearer(token));
      expect(late.kind === "no-response" ? late.code : late.kind).toMatch(/^ECONN(REFUSED|RESET)$/);

      finishSlowTokenRequest(slow);
      await waitFor(() => hasWholeResponse(slow.received()), "the token response");
      const tokenResponse = parseRawResponse(slow.received());
      assertMatchesContract({
        method: "POST",
        url: "/oauth/token",
        statusCode: tokenResponse.status,
        ...tokenResponse,
      });
      expect(tokenResponse.status).toBe(200);

      const settled = await Promise.all(outcomes);
      for (const [i, outcome] of settled.entries()) {
        expect(outcome, ids[i]).toMatchObject({ kind: "complete", status: 200 });
        assertCompleteMatchesContract(outcome, QUERY);
        if (outcome.kind === "complete") expect(taskIds(outcome.body)).toEqual(expectedIds);
      }
      expect(await exitCode).toBe(0);
      expect(first.stdout()).toContain('"msg":"stopped"');
      expect(existsSync(join(dataDir, "vts.lock"))).toBe(false);

      service = await startServiceProcess(env());
      const again = await call(service.url, QUERY, {
        headers: bearer(await accessToken(service.url, "sandbox-full", fixtureSecret("sandbox-full"))),
      });
      expect(again.status).toBe(200);
      expect(taskIds(again.text)).toEqual(expectedIds);
      expect(service.stdout()).not.toContain("generating");
      // This service stays up for the next scenario.
    },
  );
});

// One shutdown with two connections a client keeps open; the scenario runs in beforeAll, so a
// scenario that breaks fails every test here.
describe("SIGTERM with connections a client keeps open", () => {
  let inFlight: ReturnType<typeof parseRawResponse>;
  let duringDrain: ReturnType<typeof parseRawResponse>;
  let exitedPromptly: boolean;

  beforeAll(async () => {
    // The restarted service of the test above, unless that test failed before starting it.
    if (!service || service.hasExited()) service = await startServiceProcess(env());
    const requestId = `keep-alive-${process.pid}`;
    const slow = await startSlowTokenRequest(service.port, requestId, "keep-alive");
    await waitFor(() => incomingIds(service!.stdout()).has(requestId), "the token request to be accepted");
    // Half a request line: the service has read bytes of it, so the connection is not idle.
    const partial = await openRawConnection(service.port);
    connections.push(partial);
    partial.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await sleep(300);

    const exitCode = service.stop("SIGTERM");
    await waitFor(() => service!.stdout().includes("shutting down"), "the shutdown to begin");
    partial.socket.write("\r\n");
    await waitFor(() => hasWholeResponse(partial.received()), "the answer during the drain");
    duringDrain = parseRawResponse(partial.received());
    finishSlowTokenRequest(slow);
    await waitFor(() => hasWholeResponse(slow.received()), "the answer to the request in flight");
    inFlight = parseRawResponse(slow.received());
    exitedPromptly = await Promise.race([exitCode.then(() => true), sleep(3_000).then(() => false)]);
  }, 90_000);

  it("answers the request that was in flight", () => {
    expect(inFlight.status).toBe(200);
    assertMatchesContract({ method: "POST", url: "/oauth/token", statusCode: inFlight.status, ...inFlight });
  });

  // Bug: that answer says "Connection: keep-alive", and the service then waits for the client to
  // close the idle connection (up to keepAliveTimeout, 72 s), so an orchestrator's grace period
  // runs out and the process is killed with the store still open.
  it("exits within 3 s of its last answer", () => {
    expect(exitedPromptly).toBe(true);
  });

  // Bug: Fastify's return503OnClosing answers a request completed on an open connection during the
  // drain with its own 503 body: no X-Request-Id, no Retry-After, not the documented error body.
  it("gives a request arriving during the drain a documented response", () => {
    assertMatchesContract({ method: "GET", url: "/healthz", statusCode: duringDrain.status, ...duringDrain });
  });
});
