// Requests that break HTTP itself, sent over a raw socket: they still get the documented body.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertMatchesContract, type ObservedResponse } from "../support/contract";
import { startTestService, type TestService } from "../support/test-service";

let service: TestService;
let port: number;
beforeAll(async () => {
  service = await startTestService();
  await service.app.listen({ port: 0, host: "127.0.0.1" });
  const address = service.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(() => service.close());

function sendRaw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

/** Status, headers (lower-cased names) and body of one raw HTTP/1.1 answer with a Content-Length. */
function parseRawResponse(raw: string): Omit<ObservedResponse, "method" | "url"> {
  const [head = "", body = ""] = raw.split("\r\n\r\n", 2);
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusCode: Number(statusLine.split(" ")[1]), headers, body };
}

describe("malformed HTTP", () => {
  it.each([
    ["a garbage request line", "NOT HTTP AT ALL\r\n\r\n"],
    ["a broken header", "GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"],
    [
      "a conflicting body length",
      "POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
    ],
  ])("%s: 400 with the standard error body", async (_name, bytes) => {
    const response = await sendRaw(bytes);
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)) as {
      error: { code: string; request_id: string };
    };
    expect(body.error.code).toBe("invalid_request");
    expect(response).toContain(`X-Request-Id: ${body.error.request_id}`);
  });

  it.each([
    ["an oversized header", "GET /healthz", `X-Big: ${"a".repeat(20_000)}\r\n`],
    ["a very long query string", `GET /v1/tasks?${"a".repeat(20_000)}=1`, ""],
    ["an oversized header on the token endpoint", "POST /oauth/token", `X-Big: ${"a".repeat(20_000)}\r\n`],
  ])("%s: 431 with the standard error body, as openapi.yaml documents it", async (_name, line, extra) => {
    const raw = await sendRaw(`${line} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`);
    const response = parseRawResponse(raw);
    expect(response.statusCode).toBe(431);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: "invalid_request" } });
    assertMatchesContract({ ...response, method: line.split(" ")[0]!, url: line.split(" ")[1]! });
  });
});

describe("a request target in absolute form (RFC 9112 3.2.2)", () => {
  it("names the same path as its origin form: a token is granted, a missing scope is 403", async () => {
    const credentials = Buffer.from("sandbox-full:sandbox-full-secret").toString("base64");
    const body = "grant_type=client_credentials";
    const granted = parseRawResponse(
      await sendRaw(
        `POST http://vts.example/oauth/token HTTP/1.1\r\nHost: vts.example\r\nConnection: close\r\n` +
          `Authorization: Basic ${credentials}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: ${body.length}\r\n\r\n${body}`,
      ),
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const token = await service.token("sandbox-locations");
    const refused = parseRawResponse(
      await sendRaw(
        `GET http://vts.example/v1/tasks/x/y HTTP/1.1\r\nHost: vts.example\r\nConnection: close\r\n` +
          `Authorization: Bearer ${token}\r\n\r\n`,
      ),
    );
    expect(refused.statusCode, refused.body).toBe(403);
  });
});

describe("the bare /v1 path", () => {
  it("passes the guard like any other /v1 path", async () => {
    const response = await service.app.inject({ method: "GET", url: "/v1" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["x-ratelimit-limit"]).toBeDefined();
  });
});

// Node's HTTP server drops a HEAD answer's body; fastify's inject (light-my-request 6.6, held back
// so no dependency asks for Node 22) passes it through, so this is checked on a real socket.
describe("HEAD", () => {
  it.each([
    ["a public path", "/healthz", 200],
    ["a /v1 path without a token", "/v1/tasks", 401],
    ["an unknown path", "/nope", 404],
    ["a badly encoded path", "/oauth/%zz", 400],
  ])("on %s: the GET's status and headers, no body", async (_name, path, status) => {
    const raw = await sendRaw(`HEAD ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const response = parseRawResponse(raw);
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toBeDefined();
    expect(response.body).toBe("");
  });
});
