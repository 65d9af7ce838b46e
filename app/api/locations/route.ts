import { dashboardRoute, otherMethods, readQueryParams } from "@/lib/server/api";
import {
  dashboardBackend,
  freshnessHeaders,
  mirrorFreshness,
  mirroredLocations,
  readLocations,
} from "@/lib/server/bff";

export const GET = dashboardRoute(async ({ request, signal }) => {
  readQueryParams(new URL(request.url), []);
  const backend = await dashboardBackend();
  const mirrored = await mirroredLocations(backend);
  if (mirrored) return Response.json({ data: mirrored.data }, { headers: mirrorFreshness(mirrored.asOf) });
  const locations = await readLocations(backend, signal);
  return Response.json({ data: locations.value.data }, { headers: freshnessHeaders(locations) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
