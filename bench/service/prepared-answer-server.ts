// The transport floor: a bare node:http server, run as its own process like the service, that answers
// each page case with the exact status, headers and body bytes the service sent for it, prepared in
// memory. Timing it beside the service shows what an HTTP answer of that size costs on this machine
// before any work: no auth, no query, no JSON. See docs/benchmarks.md.
import { createServer, type OutgoingHttpHeaders } from "node:http";

interface PreparedAnswer {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

const answers = new Map<string, PreparedAnswer>();

async function readBody(request: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const server = createServer((request, response) => {
  const url = request.url ?? "";
  if (url === "/healthz") {
    response.end("ok");
    return;
  }
  if (request.method === "PUT" && url.startsWith("/answers/")) {
    // The headers to replay travel as JSON in a header of their own; the body is the body.
    const headers = JSON.parse(String(request.headers["x-replay-headers"] ?? "{}")) as OutgoingHttpHeaders;
    void readBody(request).then((body) => {
      answers.set(url, { headers, body });
      response.writeHead(204).end();
    });
    return;
  }
  const answer = answers.get(url);
  if (request.method !== "GET" || !answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...answer.headers, "content-length": answer.body.length });
  response.end(answer.body);
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => server.close(() => process.exit(0)));
