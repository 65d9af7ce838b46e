// Large JSON answers (a 500-task page is about 140 KB) leave as bytes, not as a string.
//
// Measured inside the service on this machine, for a 500-task page: V8's own JSON.stringify took
// about 1.0 ms where fast-json-stringify (a Fastify response schema) took 2.6-2.8 ms; and node:http
// took about 1.2 ms longer to send the page from a string than the same bytes from a Buffer. Together
// they made a 500-task page 19-22% slower end to end (docs/benchmarks.md, bench:service).
import type { FastifyReply } from "fastify";

export function jsonBytes(reply: FastifyReply, value: unknown): Buffer {
  reply.type("application/json; charset=utf-8");
  return Buffer.from(JSON.stringify(value), "utf8");
}
