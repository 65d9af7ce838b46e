// Large JSON answers (a full page of tasks) leave as bytes, not as a string: V8's own
// JSON.stringify is faster than a Fastify response schema's serializer for them, and node:http
// sends a Buffer faster than the same page as a string (figures in docs/benchmarks.md).
import type { FastifyReply } from "fastify";

export function jsonBytes(reply: FastifyReply, value: unknown): Buffer {
  reply.type("application/json; charset=utf-8");
  return Buffer.from(JSON.stringify(value), "utf8");
}
