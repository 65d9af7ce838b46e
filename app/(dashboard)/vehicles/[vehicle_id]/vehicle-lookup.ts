import "server-only";
import { DashboardError } from "@/lib/server/api";
import { dashboardBackend, answerVehicle, mirroredLocations, pageSession } from "@/lib/server/bff";
import type { Vehicle } from "@/lib/client/api-types";

export type VehicleLookup =
  | { state: "found"; vehicle: Vehicle; zones: Record<string, string> }
  | { state: "not_found" }
  | { state: "unknown" };

/**
 * The vehicle's history as GET /api/vehicles/{vehicle_id} answers it, read on the server so the
 * page arrives with its rows (in each location's zone, from the mirror's locations) and an unknown
 * vehicle, or one never seen at the reader's locations, gets a real 404. A mirror still filling or
 * switched off is "unknown": the page renders and its client says why it waits.
 */
export async function lookUpVehicle(vehicleId: string): Promise<VehicleLookup> {
  try {
    const staff = await pageSession();
    if (!staff) return { state: "not_found" };
    const backend = await dashboardBackend();
    const response = await answerVehicle(backend, new URL("http://dashboard.invalid/"), vehicleId, staff);
    const locations = await mirroredLocations(backend, staff.access);
    const zones = Object.fromEntries(
      (locations?.data ?? []).map((location) => [location.id, location.timezone]),
    );
    return { state: "found", vehicle: (await response.json()) as Vehicle, zones };
  } catch (error) {
    if (error instanceof DashboardError && error.code === "not_found") return { state: "not_found" };
    return { state: "unknown" };
  }
}
