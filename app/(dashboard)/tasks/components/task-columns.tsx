"use client";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Task } from "@/lib/client/api-types";
import { COLUMN_LABELS, columnValue, type ColumnId } from "@/lib/client/task-columns";
import { formatInZone } from "@/lib/client/time-format";
import { StatusBadge } from "./status-badge";

// The grid's columns, built from the shared column list (lib/client). TanStack Table holds the
// column model and the header; the body draws each cell from the task itself. TanStack's Row and
// Cell objects are cached per row for the table's life: with 20,000 loaded rows, the cells of
// every row scrolled past stayed in memory, and the garbage collector's pauses became long tasks
// (bench:ui). Visibility and order come from the URL, so only the visible columns, in their
// order, are handed to the table, and it needs none of its optional features.

export const taskTableFeatures = tableFeatures({});
const column = createColumnHelper<typeof taskTableFeatures, Task>();

/**
 * Column widths in the CSS grid: a minimum in rem, and a share of the room left over (none for
 * fixed columns). Times and ids need room, badges little. The minimums add up to 75rem (1,200 px),
 * so all nine columns fit a 1280-px screen without scrolling sideways.
 */
const COLUMN_WIDTHS: Record<ColumnId, { minRem: number; share?: number }> = {
  started_at: { minRem: 12.5, share: 1.2 },
  task_type: { minRem: 8, share: 1 },
  status: { minRem: 6.5 },
  mva: { minRem: 6.5 },
  vehicle_id: { minRem: 6.5, share: 0.8 },
  vin: { minRem: 11, share: 1 },
  location: { minRem: 9, share: 1.2 },
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

/** The TanStack column definitions of the visible columns, in their order. */
export function taskTableColumns(visible: readonly ColumnId[]) {
  return column.columns(visible.map((id) => column.display({ id, header: COLUMN_LABELS[id] })));
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
): TaskCell[] {
  const startedAt: TaskCell["render"] = (task) => formatInZone(task.started_at, zoneOf(task));
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
