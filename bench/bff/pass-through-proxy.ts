// The baseline: a dashboard server without a BFF. It maps the dashboard's data paths to the
// service's 1:1 (/api/tasks -> /v1/tasks with the same query, /api/tasks/{id} -> /v1/tasks/{id},
// /api/locations -> /v1/locations), with one token fetched at start for everybody. No cache, no
// budget, no session check: the service's answer, 429s included, goes back as it came.
import { Agent, request, type IncomingHttpHeaders, type RequestListener } from "node:http";

export interface PassThroughOptions {
  serviceUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Headers of the service's answer that a browser would be given (no hop-by-hop ones). */
const PASSED = [
  "content-type",
  "retry-after",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
];

export async function createPassThroughProxy(options: PassThroughOptions): Promise<RequestListener> {
  const token = await fetchToken(options);
  const service = new URL(options.serviceUrl);
  const agent = new Agent({ keepAlive: true });
  return (req, res) => {
    const started = performance.now();
    const path = servicePath(req.url ?? "/");
    if (!path) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":"not_found"}}');
      return;
    }
    const upstream = request(
      {
        host: service.hostname,
        port: service.port,
        path,
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        agent,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const upstreamMs = performance.now() - started;
          res.writeHead(answer.statusCode ?? 502, {
            ...passed(answer.headers),
            "server-timing": `upstream;dur=${upstreamMs.toFixed(2)}`,
          });
          res.end(Buffer.concat(chunks));
        });
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    upstream.end();
  };
}

/** The service path for a dashboard path, or undefined for anything else. */
export function servicePath(url: string): string | undefined {
  const { pathname, search } = new URL(url, "http://proxy.invalid");
  if (pathname === "/api/locations") return "/v1/locations";
  if (pathname === "/api/tasks") return `/v1/tasks${search}`;
  const id = /^\/api\/tasks\/([^/]+)$/.exec(pathname)?.[1];
  return id === undefined ? undefined : `/v1/tasks/${encodeURIComponent(decodeURIComponent(id))}`;
}

function passed(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of PASSED) {
    const value = headers[name];
    if (typeof value === "string") result[name] = value;
  }
  return result;
}

async function fetchToken(options: PassThroughOptions): Promise<string> {
  // RFC 6749 2.3.1: form-urlencode id and secret before base64.
  const basic = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString("base64");
  const response = await fetch(`${options.serviceUrl}/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
