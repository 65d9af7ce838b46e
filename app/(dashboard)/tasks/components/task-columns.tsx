"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Task } from "@/lib/client/api-types";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { columnValue, type ColumnId } from "@/lib/task-format/task-columns";
import { formatInZone, formatWithOffset } from "@/lib/client/time-format";
import { StatusBadge } from "./status-badge";

// The grid's columns, built from the shared column list (lib/client): how each draws its cell from
// the task itself (their widths: grid-layout.ts). Visibility and order come from the URL, so only
// the visible columns, in their order, are drawn.

/** The vehicle's history page. Not a tab stop: the row is, and Enter opens the task. */
function vehicleLink(task: Task, text: string): ReactNode {
  return (
    <Link
      href={`/vehicles/${encodeURIComponent(task.vehicle_id)}`}
      prefetch={false}
      tabIndex={-1}
      className="underline-offset-2 hover:underline"
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </Link>
  );
}

export interface TaskCell {
  id: ColumnId;
  render: (task: Task) => ReactNode;
}

/** How each visible column draws its cell, in the same order as the header. */
export function taskCells(
  visible: readonly ColumnId[],
  zoneOf: (task: Task) => string,
  detailHref: (id: string) => string,
  withOffset: boolean,
): TaskCell[] {
  const format = withOffset ? formatWithOffset : formatInZone;
  const startedAt: TaskCell["render"] = (task) => format(task.started_at, zoneOf(task));
  // Other columns without an entry show their value as text (columnValue), as the CSV does.
  const special: Partial<Record<Exclude<ColumnId, "started_at">, TaskCell["render"]>> = {
    status: (task) => <StatusBadge status={task.status} />,
    // The readable name; the code as sent (the filter's and the CSV's value) in the tooltip.
    task_type: (task) => <span title={task.task_type}>{taskTypeLabel(task.task_type)}</span>,
    mva: (task) => vehicleLink(task, task.mva),
    vehicle_id: (task) => vehicleLink(task, task.vehicle_id),
    odometer_miles: (task) => task.odometer_miles.toLocaleString("en-US"),
    id: (task) => (
      // No prefetch: every row scrolled past would otherwise fetch its detail route, thousands of
      // requests in one pass over a long list.
      <Link
        href={detailHref(task.id)}
        prefetch={false}
        scroll={false}
        tabIndex={-1}
        className="underline-offset-2 hover:underline"
      >
        {task.id}
      </Link>
    ),
  };
  return visible.map((id) => ({
    id,
    render: id === "started_at" ? startedAt : (special[id] ?? ((task: Task) => columnValue(task, id))),
  }));
}
