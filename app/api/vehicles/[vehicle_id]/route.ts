import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { answerVehicle } from "@/lib/server/bff/mirror-reads";
import { withServerTiming } from "@/lib/server/bff/request-timing";

export const GET = dashboardRoute<{ vehicle_id: string }>(({ request, params }) =>
  withServerTiming(async () =>
    answerVehicle(await dashboardBackend(), new URL(request.url), params.vehicle_id),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
