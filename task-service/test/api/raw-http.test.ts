// Requests that break HTTP itself, sent over a raw socket: they still get the documented body.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("oversized headers: 431 with the standard error body", async () => {
    const response = await sendRaw(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(response).toMatch(/^HTTP\/1\.1 431 /);
    expect(response).toContain('"code":"invalid_request"');
  });
});

describe("the bare /v1 path", () => {
  it("passes the guard like any other /v1 path", async () => {
    const response = await service.app.inject({ method: "GET", url: "/v1" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["x-ratelimit-limit"]).toBeDefined();
  });
});
