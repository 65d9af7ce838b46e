"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Task } from "@/lib/client/api-types";
import { taskTypeLabel } from "@/lib/client/task-labels";
import { columnValue, type ColumnId } from "@/lib/client/task-columns";
import type { ColumnWidths } from "@/lib/client/table-view";
import { formatInZone, formatWithOffset } from "@/lib/client/time-format";
import { StatusBadge } from "./status-badge";

// The grid's columns, built from the shared column list (lib/client): their widths and how each
// draws its cell from the task itself. Visibility and order come from the URL, so only the visible
// columns, in their order, are laid out.

/**
 * Column widths in the CSS grid: a minimum in rem, and a share of the room left over (none for
 * fixed columns). Times and ids need room, badges little. The minimums add up to 75rem (1,200 px),
 * so all nine columns fit a 1280-px screen without scrolling sideways.
 */
const COLUMN_WIDTHS: Record<ColumnId, { minRem: number; share?: number }> = {
  // "2026-11-25 10:33 UTC+11:00": location time carries its offset.
  started_at: { minRem: 13.5, share: 1.2 },
  task_type: { minRem: 8, share: 1 },
  status: { minRem: 6.5 },
  mva: { minRem: 6.5 },
  vehicle_id: { minRem: 6.5, share: 0.8 },
  vin: { minRem: 11, share: 1 },
  location: { minRem: 8, share: 1.2 },
  odometer_miles: { minRem: 7 },
  id: { minRem: 8, share: 1 },
};

/**
 * The grid's `grid-template-columns` for these columns, and the width below which it scrolls. A
 * column a person resized has exactly its width; the others keep their minimum and share.
 */
export function gridLayout(
  visible: readonly ColumnId[],
  sized: ColumnWidths = {},
): { template: string; minWidth: string } {
  const tracks = visible.map((id) => {
    const px = sized[id];
    const { minRem, share } = COLUMN_WIDTHS[id];
    if (px !== undefined) return { track: `${px}px`, min: `${px}px` };
    return { track: share ? `minmax(${minRem}rem,${share}fr)` : `${minRem}rem`, min: `${minRem}rem` };
  });
  return {
    template: tracks.map(({ track }) => track).join(" "),
    minWidth: `calc(${tracks.map(({ min }) => min).join(" + ") || "0px"})`,
  };
}

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
      // No prefetch: every row scrolled past would otherwise fetch its detail route (1,824
      // requests in one pass over 20,000 rows, measured by bench:ui).
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
