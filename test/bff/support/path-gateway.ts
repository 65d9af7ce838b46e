// An HTTP gateway in front of the real service that does not route some paths: it answers those
// with a 404 in the service's error shape (as a gateway with a stale route table, or a service
// version without the endpoint, would) and passes everything else through unchanged.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { once } from "node:events";

export class PathGateway {
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Forwards to `targetUrl`, except requests whose path (without query) is in `unrouted`. */
  static async start(targetUrl: string, unrouted: ReadonlySet<string>): Promise<PathGateway> {
    const server = createServer((request, response) => {
      void forward(targetUrl, unrouted, request, response).catch(() => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("gateway did not bind");
    return new PathGateway(server, `http://127.0.0.1:${address.port}`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const GATEWAY_REQUEST_ID = "gateway-404";

async function forward(
  targetUrl: string,
  unrouted: ReadonlySet<string>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? "/", targetUrl);
  if (unrouted.has(url.pathname)) {
    const body = { error: { code: "not_found", message: "Route not found", request_id: GATEWAY_REQUEST_ID } };
    response.writeHead(404, { "content-type": "application/json", "x-request-id": GATEWAY_REQUEST_ID });
    response.end(JSON.stringify(body));
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === "string" && name !== "host" && name !== "content-length") headers.set(name, value);
  const upstream = await fetch(url, {
    method: request.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    redirect: "manual",
  });
  const body = Buffer.from(await upstream.arrayBuffer());
  const outgoing: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (name !== "content-encoding" && name !== "transfer-encoding" && name !== "content-length")
      outgoing[name] = value;
  });
  response.writeHead(upstream.status, outgoing);
  response.end(body);
}
