import Link from "next/link";
import type { LastDone } from "@/lib/client/vehicle-history";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { TaskTime } from "./task-time";

// "When was its last oil change?": the last completed task of each type, with how long and how
// far the vehicle has gone since.

export function LastDoneTable({
  rows,
  zones,
}: {
  rows: readonly LastDone[];
  zones: Readonly<Record<string, string>>;
}) {
  return (
    <section aria-labelledby="last-done-heading" className="flex flex-col gap-2">
      <h2 id="last-done-heading" className="text-lg font-semibold">
        Last done
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm">No task of this vehicle is completed yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full max-w-4xl border-collapse text-left text-sm" data-testid="last-done">
            <caption className="sr-only">
              The last completed task of each type, with the days and miles since
            </caption>
            <thead className="bg-slate-100 dark:bg-slate-900">
              <tr>
                <th scope="col" className="px-2 py-1">
                  Task type
                </th>
                <th scope="col" className="px-2 py-1">
                  Last done
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  Days since
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  Miles since
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ taskType, task, daysSince, milesSince }) => (
                <tr
                  key={taskType}
                  className="border-t border-slate-200 dark:border-slate-800"
                  data-task-type={taskType}
                >
                  <th scope="row" className="px-2 py-1 font-medium" title={taskType}>
                    {taskTypeLabel(taskType)}
                  </th>
                  <td className="px-2 py-1 tabular-nums">
                    <Link
                      prefetch={false}
                      className="underline underline-offset-2"
                      href={`/tasks/${encodeURIComponent(task.id)}`}
                    >
                      <TaskTime instant={task.started_at} zone={zones[task.location.id]} />
                    </Link>
                  </td>
                  <td
                    className="px-2 py-1 text-right tabular-nums"
                    suppressHydrationWarning
                    data-testid="days-since"
                  >
                    {daysSince.toLocaleString("en-US")}
                  </td>
                  <td className="px-2 py-1 text-right tabular-nums" data-testid="miles-since">
                    {milesSince === undefined
                      ? "—"
                      : milesSince < 0
                        ? `${milesSince.toLocaleString("en-US")} (odometer reads lower now)`
                        : milesSince.toLocaleString("en-US")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
