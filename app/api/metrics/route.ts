import { timingSafeEqual } from "node:crypto";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";

// Prometheus scrape endpoint, protected by its own bearer token (not a staff session).
export async function GET(request: Request): Promise<Response> {
  const backend = await dashboardBackend();
  const expected = backend.env.METRICS_TOKEN;
  const given = Buffer.from(request.headers.get("authorization")?.replace(/^Bearer /i, "") ?? "");
  const wanted = Buffer.from(expected ?? "");
  const allowed = expected !== undefined && given.length === wanted.length && timingSafeEqual(given, wanted);
  if (!allowed)
    return new Response("unauthorized\n", { status: 401, headers: { "www-authenticate": "Bearer" } });
  return new Response(await backend.metrics.registry.metrics(), {
    headers: { "content-type": backend.metrics.registry.contentType, "cache-control": "no-store" },
  });
}
