"use client";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import Link from "next/link";
import { useCallback, useMemo } from "react";
import { odometerDrops, type OdometerReading } from "@/lib/client/vehicle-history";
import { taskTypeLabel } from "@/lib/client/task-labels";
import { TaskTime } from "./task-time";

// The odometer over time: the chart (its code loaded only when a vehicle is shown) and beside it
// the same readings as a table, for screen readers, keyboards and exact figures.

const loadCanvas = () => import("./odometer-canvas");
// Asked for as soon as this module runs, not after hydration: the chart's chunk then loads while
// the page hydrates (a vehicle page always shows the chart), instead of after it.
if (typeof window !== "undefined") void loadCanvas();
const OdometerCanvas = dynamic(loadCanvas, {
  ssr: false,
  loading: () => (
    <div className="min-h-60 animate-pulse rounded bg-slate-100 dark:bg-slate-900" aria-hidden />
  ),
});

export function OdometerSection({
  readings,
  zones,
}: {
  readings: readonly OdometerReading[];
  zones: Readonly<Record<string, string>>;
}) {
  const router = useRouter();
  // Found again here rather than handed over: a reading's identity does not survive the trip from
  // the server, and the check is a single pass.
  const dropIndexes = useMemo(() => {
    const drops = new Set(odometerDrops(readings).map((drop) => drop.reading));
    return new Set(readings.flatMap((reading, i) => (drops.has(reading) ? [i] : [])));
  }, [readings]);
  const describe = useCallback(
    (reading: OdometerReading) => {
      const task = reading.task;
      const miles = `${reading.miles.toLocaleString("en-US")} mi`;
      if (!task) return `${miles} on ${reading.at}`;
      const zone = zones[task.location.id];
      const when = zone ? TaskTime.text(task.started_at, zone) : TaskTime.text(task.started_at, "UTC");
      return `${miles} · ${taskTypeLabel(task.task_type)} (${task.status.replace(/_/g, " ")}) at ${task.location.name}, ${when} · task ${task.id}`;
    },
    [zones],
  );
  const open = useCallback(
    (reading: OdometerReading) => {
      if (reading.task) router.push(`/tasks/${encodeURIComponent(reading.task.id)}`);
    },
    [router],
  );

  return (
    <section aria-labelledby="odometer-heading" className="flex flex-col gap-2">
      <h2 id="odometer-heading" className="text-lg font-semibold">
        Odometer
      </h2>
      {readings.length === 0 ? (
        <p>No odometer readings: none of this vehicle&apos;s tasks is completed or in progress.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <OdometerCanvas readings={readings} dropIndexes={dropIndexes} describe={describe} onOpen={open} />
          <div
            tabIndex={0}
            role="region"
            aria-labelledby="odometer-table-caption"
            className="max-h-72 overflow-y-auto rounded border border-slate-200 dark:border-slate-800"
          >
            <table
              className="w-full border-collapse text-left text-sm"
              data-testid="odometer-table"
              data-point-count={readings.length}
            >
              <caption id="odometer-table-caption" className="px-2 py-1 text-left text-sm font-medium">
                {readings.length} odometer {readings.length === 1 ? "reading" : "readings"}, oldest first
              </caption>
              <thead className="sticky top-0 bg-slate-100 dark:bg-slate-900">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    When
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Miles
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Task
                  </th>
                </tr>
              </thead>
              <tbody>
                {readings.map((reading, i) => (
                  <tr
                    key={`${reading.at}-${i}`}
                    className="border-t border-slate-200 dark:border-slate-800"
                    data-testid="odometer-row"
                  >
                    <td className="px-2 py-1 whitespace-nowrap tabular-nums">
                      {reading.task ? (
                        <TaskTime instant={reading.at} zone={zones[reading.task.location.id]} />
                      ) : (
                        <TaskTime instant={reading.at} zone={undefined} />
                      )}
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">
                      {reading.miles.toLocaleString("en-US")}
                      {dropIndexes.has(i) && (
                        <span className="ml-1 font-semibold text-red-700 dark:text-red-300"> (lower)</span>
                      )}
                    </td>
                    <td className="px-2 py-1">
                      {reading.task ? (
                        <Link
                          className="underline underline-offset-2"
                          href={`/tasks/${encodeURIComponent(reading.task.id)}`}
                        >
                          {taskTypeLabel(reading.task.task_type)}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
