import { randomUUID, timingSafeEqual } from "node:crypto";
import { DashboardError, dashboardErrorResponse, otherMethods } from "@/lib/server/api";
import { dashboardBackend } from "@/lib/server/bff";

// Prometheus scrape endpoint, protected by its own bearer token (not a staff session).
export async function GET(request: Request): Promise<Response> {
  const backend = await dashboardBackend();
  const expected = backend.env.METRICS_TOKEN;
  const given = Buffer.from(request.headers.get("authorization")?.replace(/^Bearer /i, "") ?? "");
  const wanted = Buffer.from(expected ?? "");
  const allowed = expected !== undefined && given.length === wanted.length && timingSafeEqual(given, wanted);
  if (!allowed) {
    const refused = dashboardErrorResponse(
      new DashboardError("unauthorized", "Send the metrics token as a bearer token."),
      randomUUID(),
    );
    refused.headers.set("www-authenticate", "Bearer");
    return refused;
  }
  return new Response(await backend.metrics.registry.metrics(), {
    headers: { "content-type": backend.metrics.registry.contentType, "cache-control": "no-store" },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
