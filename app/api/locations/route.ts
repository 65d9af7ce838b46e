import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { freshnessHeaders } from "@/lib/server/api/freshness-headers";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readLocations } from "@/lib/server/bff/task-data";

export const GET = dashboardRoute(async ({ signal }) => {
  const locations = await readLocations(await dashboardBackend(), signal);
  return Response.json({ data: locations.value.data }, { headers: freshnessHeaders(locations) });
});
