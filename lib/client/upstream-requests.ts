import { MAX_LIMIT } from "@/contract/query/page-limit";

// "Upstream requests used" by an export, from its row count. The server (lib/server/bff/task-export)
// reads one upstream page per pull and streams it as soon as it has it; the service client always
// asks for limit=500, and the service returns full pages with a next cursor only while more rows
// follow (never an empty last page). So the rows so far came from ceil(rows / 500) page reads, and
// a finished export of no rows still read one. That is exact for page reads, but only an upper
// bound for requests to the service: a page the dashboard fetched recently (the table's own first
// pages, or an export of the same filters) comes from its cache or joins a request in flight, and
// costs nothing. It undercounts only in rare cases: a read the service refused with a 429 and the
// dashboard asked again, or the locations list (read first, cached for minutes) fetched anew. The
// browser cannot tell these apart, so the UI says "at most".

/** Rows per upstream call: the dashboard always asks the service for full pages. */
export const UPSTREAM_PAGE_ROWS = MAX_LIMIT;

export function upstreamRequestsAtMost(rows: number, finished: boolean): number {
  const pages = Math.ceil(rows / UPSTREAM_PAGE_ROWS);
  return finished ? Math.max(1, pages) : pages;
}

export function describeUpstreamRequests(rows: number, finished: boolean): string {
  const requests = upstreamRequestsAtMost(rows, finished);
  return `at most ${requests.toLocaleString("en-US")} upstream ${requests === 1 ? "request" : "requests"}`;
}
