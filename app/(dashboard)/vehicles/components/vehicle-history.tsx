import Link from "next/link";
import type { ReactNode } from "react";
import type { Vehicle } from "@/lib/client/api-types";
import {
  lastDone,
  lastSeenTask,
  newestFirst,
  odometerDrops,
  odometerReadings,
  repeatedTasks,
} from "@/lib/client/vehicle-history";
import { ShownAsOf } from "@/components/shown-as-of";
import { LastDoneTable } from "./last-done-table";
import { OdometerSection } from "./odometer-section";
import { PrintHistoryButton } from "./print-history-button";
import { TaskTime } from "./task-time";
import { TaskTimeline } from "./task-timeline";
import { VehicleFlags } from "./vehicle-flags";
import { VehicleMaintenance } from "./vehicle-maintenance";

// One vehicle's history: who it is and where it was last, what to check, its odometer, the last of
// each kind of work, and every task. No state of its own: the page renders it on the server (only
// the chart hydrates), and the client view renders the same when it had to fetch the history.
export function VehicleHistory({
  vehicle,
  zones,
  now,
}: {
  vehicle: Vehicle;
  /** Each location's time zone by id; a task of an unknown location shows in UTC. */
  zones: Readonly<Record<string, string>>;
  now: Date;
}) {
  const readings = odometerReadings(vehicle);
  const drops = odometerDrops(readings);
  const repeats = repeatedTasks(vehicle.tasks);
  const flagged = new Set([
    ...drops.flatMap((drop) => (drop.reading.task ? [drop.reading.task.id] : [])),
    ...repeats.flatMap((repeat) => [repeat.first.id, repeat.second.id]),
  ]);
  const seenAt = lastSeenTask(vehicle.tasks);
  const latestReading = readings.at(-1);
  const muted = "text-slate-600 dark:text-slate-400";
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
      seenAt ? (
        <span key="location">
          {seenAt.location.name} <span className={muted}>(last task done, </span>
          <TaskTime instant={seenAt.started_at} zone={zones[seenAt.location.id]} />
          <span className={muted}>)</span>
        </span>
      ) : (
        "no task done yet"
      ),
    ],
    [
      "Latest odometer",
      latestReading ? (
        <span key="odometer">
          {latestReading.miles.toLocaleString("en-US")} mi{" "}
          <span className={muted}>
            (
            <TaskTime
              instant={latestReading.at}
              zone={latestReading.task && zones[latestReading.task.location.id]}
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
        <div className="flex flex-wrap items-center gap-4 text-sm print:hidden">
          <Link className="underline" href={`/tasks?vehicle_id=${encodeURIComponent(vehicle.vehicle_id)}`}>
            This vehicle&apos;s tasks in the task list
          </Link>
          <Link className="underline" href="/vehicles">
            All vehicles
          </Link>
          <PrintHistoryButton />
        </div>
        <p className="hidden text-sm print:block">Fleet Task Dashboard · vehicle history</p>
        <h1 className="text-xl font-semibold">
          Vehicle · MVA <span data-testid="vehicle-mva">{vehicle.mva}</span>
        </h1>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className={`font-medium ${muted}`}>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={`text-xs ${muted}`}>
          From the dashboard&apos;s copy of the tasks, as of{" "}
          <time dateTime={vehicle.as_of} data-testid="vehicle-as-of">
            {TaskTime.text(vehicle.as_of, "UTC")}
          </time>
          ; tasks over its whole horizon.
          <ShownAsOf part="Vehicle history" asOf={vehicle.as_of} />
        </p>
      </header>
      <VehicleFlags drops={drops} repeats={repeats} zones={zones} />
      <VehicleMaintenance vehicleId={vehicle.vehicle_id} />
      <OdometerSection readings={readings} zones={zones} />
      <LastDoneTable rows={lastDone(vehicle, now, zones)} zones={zones} />
      <TaskTimeline tasks={newestFirst(vehicle.tasks)} flagged={flagged} zones={zones} />
    </article>
  );
}
