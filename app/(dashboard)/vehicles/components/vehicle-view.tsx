"use client";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { MirrorFillingNotice } from "@/components/mirror-filling-notice";
import { mirrorFilling, locationsQuery } from "@/lib/client/task-queries";
import { vehicleQuery } from "@/lib/client/view-queries";
import { VehicleHistory } from "./vehicle-history";

// The vehicle page when the server could not read the history at once (the task mirror is still
// filling, or off): fetched from /api/vehicles/{vehicle_id}, saying what it waits for meanwhile.
export function VehicleView({ vehicleId }: { vehicleId: string }) {
  const vehicle = useQuery(vehicleQuery(vehicleId));
  const locations = useQuery(locationsQuery);
  const zones = useMemo(
    () => Object.fromEntries((locations.data ?? []).map((location) => [location.id, location.timezone])),
    [locations.data],
  );
  const heading = (
    <h1 className="text-xl font-semibold">
      Vehicle <span className="font-mono">{vehicleId}</span>
    </h1>
  );

  if (vehicle.isPending) {
    const filling = mirrorFilling(vehicle.failureReason) ? vehicle.failureReason : undefined;
    return (
      <div className="flex flex-col gap-3">
        {heading}
        {filling ? (
          <MirrorFillingNotice message={filling.message} what="A vehicle's history" />
        ) : (
          <p role="status">Loading the vehicle&apos;s history…</p>
        )}
      </div>
    );
  }
  if (vehicle.isError) {
    return (
      <div className="flex flex-col gap-3" data-testid="vehicle-error">
        {heading}
        <ErrorNotice
          error={vehicle.error}
          fallback="The vehicle's history could not be loaded."
          onRetry={() => void vehicle.refetch()}
        />
      </div>
    );
  }
  return <VehicleHistory vehicle={vehicle.data} zones={zones} now={new Date()} />;
}
