// What is served without a token: the contract, health, keys and metrics.
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { KeyRing } from "../auth/key-ring";
import { ApiError } from "../http/api-error";
import { PUBLIC_READ_PATHS, refuseMethod } from "../http/served-methods";
import type { ServiceMetrics } from "../observability/service-metrics";
import { OPENAPI_PATH } from "../openapi-path";
import type { Store } from "../store/store";

export async function publicRoutes(
  app: FastifyInstance,
  deps: { store: Store; keyRing: KeyRing; metrics: ServiceMetrics },
): Promise<void> {
  const openapi = readFileSync(OPENAPI_PATH, "utf8");

  app.get("/openapi.yaml", async (_request, reply) =>
    reply.type("application/yaml; charset=utf-8").send(openapi),
  );

  app.get("/healthz", async () => {
    try {
      await deps.store.query("SELECT 1");
    } catch {
      throw new ApiError(503, "unavailable", "The store is unreachable.", { "retry-after": "5" });
    }
    return { status: "ok" };
  });

  app.get("/.well-known/jwks.json", async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").send(deps.keyRing.jwks()),
  );

  app.get("/metrics", async (_request, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );

  for (const url of PUBLIC_READ_PATHS) {
    app.route({
      method: app.supportedMethods.filter((method) => method !== "GET" && method !== "HEAD"),
      url,
      onRequest: refuseMethod,
      handler: refuseMethod,
    });
  }
}
