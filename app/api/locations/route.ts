import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { readQueryParams } from "@/lib/server/api/query-params";
import { freshnessHeaders } from "@/lib/server/api/freshness-headers";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { mirrorFreshness } from "@/lib/server/bff/mirror-gate";
import { mirroredLocations } from "@/lib/server/bff/mirror-singles";
import { readLocations } from "@/lib/server/bff/task-data";

export const GET = dashboardRoute(async ({ request, signal }) => {
  readQueryParams(new URL(request.url), []);
  const backend = await dashboardBackend();
  const mirrored = await mirroredLocations(backend);
  if (mirrored) return Response.json({ data: mirrored.data }, { headers: mirrorFreshness(mirrored.asOf) });
  const locations = await readLocations(backend, signal);
  return Response.json({ data: locations.value.data }, { headers: freshnessHeaders(locations) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
