// GET /v1/locations.
import type { FastifyInstance } from "fastify";
import { parseQueryString } from "../http/query-string";
import { requireScope } from "../plugins/v1-guard";
import { listLocations } from "../repositories/locations-repository";
import type { Store } from "../store/store";

export async function locationRoutes(app: FastifyInstance, deps: { store: Store }): Promise<void> {
  app.get("/v1/locations", { preHandler: requireScope("locations:read") }, async (request) => {
    parseQueryString(request.url, []);
    return { data: await listLocations(deps.store) };
  });
}
