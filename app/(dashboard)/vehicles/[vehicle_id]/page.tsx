import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isTaskId } from "@/lib/task-id";
import { decodePathSegment } from "@/lib/path-segment";
import { VehicleView } from "../components/vehicle-view";
import { lookUpVehicle } from "./vehicle-lookup";

export const metadata: Metadata = { title: "Vehicle" };

// /vehicles/{vehicle_id}: a vehicle's history from the task mirror, or a 404 for an id no task of
// the mirror has (or one of no id's shape).
export default async function VehiclePage({ params }: { params: Promise<{ vehicle_id: string }> }) {
  const vehicleId = decodePathSegment((await params).vehicle_id);
  if (!isTaskId(vehicleId)) notFound();
  const lookup = await lookUpVehicle(vehicleId);
  if (lookup.state === "not_found") notFound();
  return (
    <main className="mx-auto max-w-6xl p-4">
      <VehicleView vehicleId={vehicleId} initial={lookup.state === "found" ? lookup.vehicle : undefined} />
    </main>
  );
}
