// What a bare server reaches for a page when it runs the page's query itself: a node:http server
// that runs the page's SQL (the floor's, through a pg pool, prepared and in array mode as the
// service reads it) and writes the answer with the service's own writer, and nothing else: no
// framework, no token, no checks of the query string, no cursor signing (the next cursor is the
// service's, handed over once). The benchmark checks that its answer is the service's byte for
// byte, so the two do the same work apart from what being an API adds. See docs/benchmarks.md.
import type { OutgoingHttpHeaders } from "node:http";
import pg from "pg";
import { PreparedNames } from "../../platform/sql/prepared-names";
import { taskPageBytes } from "../../task-service/src/http/task-page-bytes";
import { serveBench } from "./bench-http-server";

export interface BarePage {
  text: string;
  params: unknown[];
  limit: number;
  nextCursor: string | null;
  /** A change feed's page: its rows also say whether a change is held back (taskChangesSql). */
  feed: boolean;
  headers: OutgoingHttpHeaders;
}

// The service's pool size (platform/sql/postgres-db.ts), for the throughput part's 16 connections;
// one request at a time, as the latency part sends them, reuses one connection.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// Prepared, as the service sends a page's statement.
const names = new PreparedNames();

async function pageBytes(page: BarePage): Promise<Buffer> {
  const result = await pool.query<[string, string?, boolean?]>({
    ...names.queryConfig(page.text, page.params),
    rowMode: "array",
  });
  const hasMore = result.rows.length > page.limit;
  const flags = page.feed ? { has_more: hasMore, caught_up: !hasMore && !result.rows[0]?.[2] } : undefined;
  return taskPageBytes(
    result.rows.slice(0, page.limit).map((row) => row[0]),
    page.nextCursor,
    flags,
  );
}

serveBench({
  prefix: "/pages/",
  prepare: (body) => JSON.parse(body.toString("utf8")) as BarePage,
  answer: (page, response) => {
    pageBytes(page).then(
      (body) => {
        response.writeHead(200, { ...page.headers, "content-length": body.length });
        response.end(body);
      },
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  },
  onClose: () => pool.end(),
});
