import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { dashboardBackend, answerVehicle, withServerTiming } from "@/lib/server/bff";

export const GET = dashboardRoute<{ vehicle_id: string }>(({ request, params, staff }) =>
  withServerTiming(async () =>
    answerVehicle(await dashboardBackend(), new URL(request.url), params.vehicle_id, staff),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
