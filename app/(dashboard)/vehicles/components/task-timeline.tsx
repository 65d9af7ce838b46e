import Link from "next/link";
import type { Task } from "@/lib/client/api-types";
import { StatusBadge } from "../../tasks/components/status-badge";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { TaskTime } from "./task-time";

// Every task of the vehicle over the mirror's horizon, newest first; each opens its detail.
export function TaskTimeline({
  tasks,
  flagged,
  zones,
}: {
  tasks: readonly Task[];
  /** Ids of tasks a flag names, marked in the list. */
  flagged: ReadonlySet<string>;
  zones: Readonly<Record<string, string>>;
}) {
  return (
    <section aria-labelledby="timeline-heading" className="flex flex-col gap-2">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        All tasks{" "}
        <span className="text-base font-normal">({tasks.length.toLocaleString("en-US")}, newest first)</span>
      </h2>
      <ol
        className="flex max-w-4xl flex-col border-l-2 border-slate-300 dark:border-slate-700"
        data-testid="vehicle-timeline"
      >
        {tasks.map((task) => (
          <li
            key={task.id}
            className="relative pl-4 print:break-inside-avoid"
            data-testid="timeline-task"
            data-task-id={task.id}
          >
            <span
              aria-hidden
              className={`absolute top-3 -left-[5px] h-2 w-2 rounded-full ${flagged.has(task.id) ? "bg-red-600 dark:bg-red-400" : "bg-slate-400 dark:bg-slate-500"}`}
            />
            <Link
              prefetch={false}
              href={`/tasks/${encodeURIComponent(task.id)}`}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded px-2 py-1.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-900"
            >
              <span className="tabular-nums">
                <TaskTime instant={task.started_at} zone={zones[task.location.id]} />
              </span>
              <span className="font-medium underline underline-offset-2" title={task.task_type}>
                {taskTypeLabel(task.task_type)}
              </span>
              <StatusBadge status={task.status} />
              <span>{task.location.name}</span>
              <span className="tabular-nums">{task.odometer_miles.toLocaleString("en-US")} mi</span>
              {flagged.has(task.id) && (
                <span className="font-semibold text-red-700 dark:text-red-300">flagged</span>
              )}
              <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{task.id}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
