import "server-only";
import { DashboardError } from "@/lib/server/api/dashboard-error";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { answerVehicle } from "@/lib/server/bff/mirror-reads";
import type { Vehicle } from "@/lib/client/mirror-api";

export type VehicleLookup =
  { state: "found"; vehicle: Vehicle } | { state: "not_found" } | { state: "unknown" };

/**
 * The vehicle's history as GET /api/vehicles/{vehicle_id} answers it, read on the server so the
 * page arrives with its rows and an unknown vehicle gets a real 404. A mirror still filling or
 * switched off is "unknown": the page renders and its client says why it waits.
 */
export async function lookUpVehicle(vehicleId: string): Promise<VehicleLookup> {
  try {
    const response = await answerVehicle(
      await dashboardBackend(),
      new URL("http://dashboard.invalid/"),
      vehicleId,
    );
    return { state: "found", vehicle: (await response.json()) as Vehicle };
  } catch (error) {
    if (error instanceof DashboardError && error.code === "not_found") return { state: "not_found" };
    return { state: "unknown" };
  }
}
