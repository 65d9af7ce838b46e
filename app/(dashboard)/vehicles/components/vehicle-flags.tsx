import Link from "next/link";
import type { ReactNode } from "react";
import type { OdometerDrop, RepeatedTask } from "@/lib/client/vehicle-history";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { TaskTime } from "./task-time";

// What a person should look at: readings below an earlier one, and work done twice in a day.

function TaskLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Link className="underline underline-offset-2" href={`/tasks/${encodeURIComponent(id)}`}>
      {children}
    </Link>
  );
}

export function VehicleFlags({
  drops,
  repeats,
  zones,
}: {
  drops: readonly OdometerDrop[];
  repeats: readonly RepeatedTask[];
  zones: Readonly<Record<string, string>>;
}) {
  const count = drops.length + repeats.length;
  return (
    <section
      aria-labelledby="flags-heading"
      className="flex flex-col gap-2"
      data-testid="vehicle-flags"
      data-flag-count={count}
    >
      <h2 id="flags-heading" className="text-lg font-semibold">
        To check {count > 0 && <span className="text-base font-normal">({count})</span>}
      </h2>
      {count === 0 ? (
        <p className="text-sm">
          Nothing unusual: the odometer never reads lower than before, and no task type was done twice within
          a day.
        </p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {drops.map(({ reading, earlier }) => (
            <li
              key={`drop-${reading.at}-${reading.task?.id ?? ""}`}
              data-testid="flag-odometer-drop"
              data-task-id={reading.task?.id}
              className="rounded border border-red-300 bg-red-50 p-2 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              <strong>Odometer lower than before:</strong> {reading.miles.toLocaleString("en-US")} mi on{" "}
              <TaskTime instant={reading.at} zone={reading.task && zones[reading.task.location.id]} />
              {reading.task && (
                <>
                  {" "}
                  (<TaskLink id={reading.task.id}>{taskTypeLabel(reading.task.task_type)}</TaskLink>)
                </>
              )}
              , {(earlier.miles - reading.miles).toLocaleString("en-US")} mi below the{" "}
              {earlier.miles.toLocaleString("en-US")} mi read on{" "}
              <TaskTime instant={earlier.at} zone={earlier.task && zones[earlier.task.location.id]} />
              {earlier.task && (
                <>
                  {" "}
                  (<TaskLink id={earlier.task.id}>{taskTypeLabel(earlier.task.task_type)}</TaskLink>)
                </>
              )}
              .
            </li>
          ))}
          {repeats.map(({ taskType, first, second, hoursApart }) => (
            <li
              key={`repeat-${first.id}-${second.id}`}
              data-testid="flag-repeated-task"
              data-task-ids={`${first.id},${second.id}`}
              className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              <strong>{taskTypeLabel(taskType)} twice within a day:</strong>{" "}
              <TaskLink id={first.id}>
                <TaskTime instant={first.started_at} zone={zones[first.location.id]} />
              </TaskLink>{" "}
              and{" "}
              <TaskLink id={second.id}>
                <TaskTime instant={second.started_at} zone={zones[second.location.id]} />
              </TaskLink>
              , {hoursApart} h apart.
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
