"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Task } from "@/lib/client/api-types";
import { columnValue, type ColumnId } from "@/lib/client/task-columns";
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

/** The grid's `grid-template-columns` for these columns, and the width below which it scrolls. */
export function gridLayout(visible: readonly ColumnId[]): { template: string; minWidth: string } {
  const widths = visible.map((id) => COLUMN_WIDTHS[id]);
  return {
    template: widths
      .map(({ minRem, share }) => (share ? `minmax(${minRem}rem,${share}fr)` : `${minRem}rem`))
      .join(" "),
    minWidth: `${widths.reduce((sum, { minRem }) => sum + minRem, 0)}rem`,
  };
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
