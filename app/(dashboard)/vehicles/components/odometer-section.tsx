import Link from "next/link";
import { odometerDrops, type OdometerReading } from "@/lib/client/vehicle-history";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { OdometerChart } from "./odometer-chart";
import { TaskTime } from "./task-time";

// The odometer over time: the chart (a client island whose library loads once the page is idle)
// and beside it the same readings as a table, rendered on the server with the page, for screen
// readers, keyboards and exact figures.

export function OdometerSection({
  readings,
  zones,
}: {
  readings: readonly OdometerReading[];
  zones: Readonly<Record<string, string>>;
}) {
  const drops = new Set(odometerDrops(readings).map((drop) => drop.reading));
  const dropIndexes = readings.flatMap((reading, i) => (drops.has(reading) ? [i] : []));
  const lower = new Set(dropIndexes);

  return (
    <section aria-labelledby="odometer-heading" className="flex flex-col gap-2">
      <h2 id="odometer-heading" className="text-lg font-semibold">
        Odometer
      </h2>
      {readings.length === 0 ? (
        <p>No odometer readings: none of this vehicle&apos;s tasks is completed or in progress.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <OdometerChart readings={readings} dropIndexes={dropIndexes} zones={zones} />
          <div
            tabIndex={0}
            role="region"
            aria-labelledby="odometer-table-caption"
            className="max-h-72 overflow-y-auto rounded border border-slate-200 dark:border-slate-800 print:max-h-none print:overflow-visible"
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
                      {lower.has(i) && (
                        <span className="ml-1 font-semibold text-red-700 dark:text-red-300"> (lower)</span>
                      )}
                    </td>
                    <td className="px-2 py-1">
                      {reading.task ? (
                        <Link
                          prefetch={false}
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
