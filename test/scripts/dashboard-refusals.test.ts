// The dashboard's HTTP server (scripts/serve-dashboard.ts) in front of a handler of the test's own,
// for what only timing produces: garbage pipelined behind a response in progress, and a request
// that never finishes arriving. (e2e/api-errors.spec.ts covers the rest against the built dashboard.)
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterEach, expect, it } from "vitest";
import { dashboardHttpServer } from "@/scripts/serve-dashboard";
import { openRawConnection, parseRawResponse, waitFor } from "@/harness/raw-http";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function listening(created: Server): Promise<number> {
  server = created;
  await new Promise<void>((done) => created.listen(0, "127.0.0.1", done));
  return (created.address() as AddressInfo).port;
}

it("writes no error into a response already going out on the connection", async () => {
  const port = await listening(
    dashboardHttpServer((_request, response) => {
      // A streamed answer (as an export): headers and a first chunk out, the rest to come.
      response.writeHead(200, { "content-type": "text/csv" });
      response.write("id,type\n");
    }),
  );
  const connection = await openRawConnection(port);
  connection.socket.write("GET /api/export HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  await waitFor(() => connection.received().includes("id,type"), "the first chunk");
  connection.socket.write("\u0001\u0002 nonsense\r\n\r\n");
  await waitFor(() => connection.closed(), "the connection to close");
  expect(connection.received()).not.toContain("400 Bad Request");
  expect(connection.received()).not.toContain("invalid_request");
});

it("answers a request that does not arrive in time with 408 in the documented shape", async () => {
  const port = await listening(
    dashboardHttpServer(() => {}, {
      requestTimeout: 300,
      headersTimeout: 300,
      connectionsCheckingInterval: 50,
    }),
  );
  const connection = await openRawConnection(port);
  connection.socket.write("GET /api/tasks HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  await waitFor(() => connection.closed(), "the connection to close", 5_000);
  const answer = parseRawResponse(connection.received());
  expect(answer.status).toBe(408);
  expect(answer.headers["content-type"]).toBe("application/json");
  const body = JSON.parse(answer.body) as { error: { code: string; message: string; request_id: string } };
  expect(body.error.code).toBe("invalid_request");
  expect(body.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
});
