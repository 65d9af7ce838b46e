"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useMemo, type ReactNode } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { MirrorFillingNotice } from "@/components/mirror-filling-notice";
import { mirrorFilling, vehicleQuery, type Vehicle } from "@/lib/client/mirror-api";
import { locationsQuery } from "@/lib/client/task-queries";
import {
  lastDone,
  newestFirst,
  odometerDrops,
  odometerReadings,
  repeatedTasks,
} from "@/lib/client/vehicle-history";
import { TaskTime } from "./task-time";
import { LastDoneTable } from "./last-done-table";
import { OdometerSection } from "./odometer-section";
import { TaskTimeline } from "./task-timeline";
import { VehicleFlags } from "./vehicle-flags";

// One vehicle's history from the task mirror: who it is and where it was last, what to check, its
// odometer, the last of each kind of work, and every task. The server hands over the first answer
// (`initial`), so the page shows at once; later answers come from /api/vehicles/{vehicle_id}.
export function VehicleView({ vehicleId, initial }: { vehicleId: string; initial: Vehicle | undefined }) {
  const vehicle = useQuery({ ...vehicleQuery(vehicleId), ...(initial ? { initialData: initial } : {}) });
  const locations = useQuery(locationsQuery);
  const zones = useMemo(
    () => new Map((locations.data ?? []).map((location) => [location.id, location.timezone])),
    [locations.data],
  );
  const zoneOf = useCallback((locationId: string) => zones.get(locationId), [zones]);

  if (vehicle.isPending) {
    const filling = mirrorFilling(vehicle.failureReason) ? vehicle.failureReason : undefined;
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-xl font-semibold">
          Vehicle <span className="font-mono">{vehicleId}</span>
        </h1>
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
        <h1 className="text-xl font-semibold">
          Vehicle <span className="font-mono">{vehicleId}</span>
        </h1>
        <ErrorNotice
          error={vehicle.error}
          fallback="The vehicle's history could not be loaded."
          onRetry={() => void vehicle.refetch()}
        />
      </div>
    );
  }
  return <VehicleHistory vehicle={vehicle.data} zoneOf={zoneOf} />;
}

function VehicleHistory({
  vehicle,
  zoneOf,
}: {
  vehicle: Vehicle;
  zoneOf: (locationId: string) => string | undefined;
}) {
  const readings = useMemo(() => odometerReadings(vehicle), [vehicle]);
  const drops = useMemo(() => odometerDrops(readings), [readings]);
  const repeats = useMemo(() => repeatedTasks(vehicle.tasks), [vehicle.tasks]);
  const timeline = useMemo(() => newestFirst(vehicle.tasks), [vehicle.tasks]);
  const done = useMemo(() => lastDone(vehicle, new Date()), [vehicle]);
  const flagged = useMemo(
    () =>
      new Set([
        ...drops.flatMap((drop) => (drop.reading.task ? [drop.reading.task.id] : [])),
        ...repeats.flatMap((repeat) => [repeat.first.id, repeat.second.id]),
      ]),
    [drops, repeats],
  );
  const latestTask = vehicle.tasks.at(-1);
  const latestReading = readings.at(-1);
  const fields: [string, ReactNode][] = [
    ["MVA", vehicle.mva],
    ["VIN", vehicle.vin ?? "not recorded"],
    [
      "Vehicle ID",
      <span key="id" className="font-mono">
        {vehicle.vehicle_id}
      </span>,
    ],
    [
      "Latest location",
      latestTask ? (
        <span key="location">
          {latestTask.location.name}{" "}
          <span className="text-slate-600 dark:text-slate-400">(latest task, </span>
          <TaskTime instant={latestTask.started_at} zone={zoneOf(latestTask.location.id)} />
          <span className="text-slate-600 dark:text-slate-400">)</span>
        </span>
      ) : (
        "—"
      ),
    ],
    [
      "Latest odometer",
      latestReading ? (
        <span key="odometer">
          {latestReading.miles.toLocaleString("en-US")} mi{" "}
          <span className="text-slate-600 dark:text-slate-400">
            (
            <TaskTime
              instant={latestReading.at}
              zone={latestReading.task && zoneOf(latestReading.task.location.id)}
            />
            )
          </span>
        </span>
      ) : (
        "no reading yet"
      ),
    ],
  ];

  return (
    <article className="flex flex-col gap-6" data-testid="vehicle-page" data-vehicle-id={vehicle.vehicle_id}>
      <header className="flex flex-col gap-2">
        <Link
          className="text-sm underline"
          href={`/tasks?vehicle_id=${encodeURIComponent(vehicle.vehicle_id)}`}
        >
          This vehicle&apos;s tasks in the task list
        </Link>
        <h1 className="text-xl font-semibold">
          Vehicle · MVA <span data-testid="vehicle-mva">{vehicle.mva}</span>
        </h1>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          From the dashboard&apos;s copy of the tasks, as of{" "}
          <time dateTime={vehicle.as_of} data-testid="vehicle-as-of">
            {TaskTime.text(vehicle.as_of, "UTC")}
          </time>
          ; tasks over its whole horizon.
        </p>
      </header>
      <VehicleFlags drops={drops} repeats={repeats} zoneOf={zoneOf} />
      <OdometerSection readings={readings} drops={drops} zoneOf={zoneOf} />
      <LastDoneTable rows={done} zoneOf={zoneOf} />
      <TaskTimeline tasks={timeline} flagged={flagged} zoneOf={zoneOf} />
    </article>
  );
}
