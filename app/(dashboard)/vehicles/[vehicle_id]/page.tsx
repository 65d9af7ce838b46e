import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isTaskId } from "@/lib/task-id";
import { decodePathSegment } from "@/lib/path-segment";
import { VehicleHistory } from "../components/vehicle-history";
import { VehicleView } from "../components/vehicle-view";
import { lookUpVehicle } from "./vehicle-lookup";

export const metadata: Metadata = { title: "Vehicle" };

// /vehicles/{vehicle_id}: a vehicle's history from the task mirror, rendered here on the server so
// only its chart hydrates; a 404 for an id no task of the mirror has (or one of no id's shape);
// while the mirror fills (or is off) the client fetches it and says what it waits for.
export default async function VehiclePage({ params }: { params: Promise<{ vehicle_id: string }> }) {
  const vehicleId = decodePathSegment((await params).vehicle_id);
  if (!isTaskId(vehicleId)) notFound();
  const lookup = await lookUpVehicle(vehicleId);
  if (lookup.state === "not_found") notFound();
  return (
    <main className="mx-auto max-w-6xl p-4">
      {lookup.state === "found" ? (
        <VehicleHistory vehicle={lookup.vehicle} zones={lookup.zones} now={new Date()} />
      ) : (
        <VehicleView vehicleId={vehicleId} />
      )}
    </main>
  );
}
