// The interactive API reference at /docs: Swagger UI rendering the same openapi.yaml that
// /openapi.yaml serves. Its scripts and styles are served from the package itself, so the page
// works offline and loads nothing from a CDN. Outside /v1, it needs no token and counts against no
// rate limit.
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { dirname } from "node:path";
import { OPENAPI_PATH } from "../openapi-path";

export const API_REFERENCE_PREFIX = "/docs";

// The page runs only its own scripts (no inline ones: swagger-ui-initializer.js is a file) and
// calls only this service ("Try it out" and "Authorize" at /oauth/token). Its stylesheet draws
// icons from data: URLs.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export async function apiReference(app: FastifyInstance): Promise<void> {
  // Static mode publishes the document as written; nothing is generated from the routes.
  await app.register(fastifySwagger, {
    mode: "static",
    specification: { path: OPENAPI_PATH, baseDir: dirname(OPENAPI_PATH) },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_REFERENCE_PREFIX,
    staticCSP: CONTENT_SECURITY_POLICY,
    theme: { title: "Vehicle Task Service API reference" },
    // The base layout has no top bar, whose "Explore" box would load other documents.
    uiConfig: { layout: "BaseLayout", deepLinking: true },
  });
}
