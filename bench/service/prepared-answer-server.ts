// The transport floor: a bare node:http server, run as its own process like the service, that answers
// each page case with the exact status, headers and body bytes the service sent for it, prepared in
// memory. Timing it beside the service shows what an HTTP answer of that size costs on this machine
// before any work: no auth, no query, no JSON. See docs/benchmarks.md.
import type { OutgoingHttpHeaders } from "node:http";
import { serveBench } from "./bench-http-server";

serveBench({
  prefix: "/answers/",
  // The headers to replay travel as JSON in a header of their own; the body is the body.
  prepare: (body, request) => ({
    headers: JSON.parse(String(request.headers["x-replay-headers"] ?? "{}")) as OutgoingHttpHeaders,
    body,
  }),
  answer: ({ headers, body }, response) => {
    response.writeHead(200, { ...headers, "content-length": body.length });
    response.end(body);
  },
});
