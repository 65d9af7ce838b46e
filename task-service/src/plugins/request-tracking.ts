// Every response carries its request id; every response is counted and timed for /metrics.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import type { ServiceMetrics } from "../observability/service-metrics";

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A caller's own X-Request-Id is kept when it is harmless, so a trace spans the dashboard and us. */
export function generateRequestId(request: IncomingMessage): string {
  const offered = request.headers["x-request-id"];
  return typeof offered === "string" && ACCEPTABLE_REQUEST_ID.test(offered) ? offered : randomUUID();
}

export function installRequestTracking(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => countResponse(metrics, request, reply));
}

export function countResponse(metrics: ServiceMetrics, request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url ?? "unmatched";
  const client = request.subject?.clientId ?? request.authenticatedClientId ?? "anonymous";
  metrics.requests.inc({ route, method: request.method, status: String(reply.statusCode), client });
  metrics.latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
}
