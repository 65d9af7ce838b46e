// The least any service could do for a page in its own process: a bare node:http server that runs
// the page's SQL (the floor's, through a pg pool, in array mode as the service reads it) and writes
// the answer with the service's own writer, and nothing else: no framework, no token, no checks of
// the query string, no cursor signing (the next cursor is the service's, handed over once). The
// benchmark checks that its answer is the service's byte for byte, so the two do the same work
// apart from what being an API adds. Timed beside the service, it shows how near floor + transport
// a service that runs its query can get on this machine. See docs/benchmarks.md.
import { createServer } from "node:http";
import pg from "pg";
import { taskPageBytes } from "../../task-service/src/http/task-page-bytes";

export interface BarePage {
  text: string;
  params: unknown[];
  limit: number;
  nextCursor: string | null;
  headers: Record<string, string>;
}

const pages = new Map<string, BarePage>();
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });

async function readBody(request: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

async function answer(page: BarePage): Promise<Buffer> {
  const result = await pool.query<[string]>({ text: page.text, values: page.params, rowMode: "array" });
  return taskPageBytes(
    result.rows.slice(0, page.limit).map((row) => row[0]),
    page.nextCursor,
  );
}

const server = createServer((request, response) => {
  const url = request.url ?? "";
  if (url === "/healthz") {
    response.end("ok");
    return;
  }
  if (request.method === "PUT" && url.startsWith("/pages/")) {
    void readBody(request).then((body) => {
      pages.set(url, JSON.parse(body) as BarePage);
      response.writeHead(204).end();
    });
    return;
  }
  const page = pages.get(url);
  if (request.method !== "GET" || !page) {
    response.writeHead(404).end();
    return;
  }
  answer(page).then(
    (body) => {
      response.writeHead(200, { ...page.headers, "content-length": body.length });
      response.end(body);
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
