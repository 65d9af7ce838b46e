// What the two bare servers the service is timed beside share: a node:http server in a process of
// its own that answers /healthz, takes what it should answer by PUT, answers 404 to anything else,
// and stops on SIGTERM. Each adds only how it answers a page.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export interface BenchServer<Prepared> {
  /** The path prefix a PUT stores a prepared answer under, and a GET reads it back from. */
  prefix: string;
  /** Turns a PUT's body (and headers) into what a GET of that path is answered from. */
  prepare(body: Buffer, request: IncomingMessage): Prepared;
  answer(prepared: Prepared, response: ServerResponse): void;
  onClose?: () => Promise<void>;
}

async function readBody(request: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export function serveBench<Prepared>(bench: BenchServer<Prepared>): void {
  const prepared = new Map<string, Prepared>();
  const server = createServer((request, response) => {
    const url = request.url ?? "";
    if (url === "/healthz") {
      response.end("ok");
      return;
    }
    if (request.method === "PUT" && url.startsWith(bench.prefix)) {
      readBody(request)
        .then((body) => {
          prepared.set(url, bench.prepare(body, request));
          response.writeHead(204).end();
        })
        .catch((error: unknown) => response.writeHead(400).end(String(error)));
      return;
    }
    const found = prepared.get(url);
    if (request.method !== "GET" || found === undefined) {
      response.writeHead(404).end();
      return;
    }
    bench.answer(found, response);
  });
  server.listen(Number(process.env.PORT), "127.0.0.1");
  process.once("SIGTERM", () =>
    server.close(() => void (bench.onClose?.() ?? Promise.resolve()).then(() => process.exit(0))),
  );
}
