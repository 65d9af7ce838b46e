"use client";
import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
} from "@tanstack/react-table";
import Link from "next/link";
import type { Task } from "@/lib/client/api-types";
import { COLUMN_LABELS, columnValue, type ColumnId } from "@/lib/client/task-columns";
import { formatInZone } from "@/lib/client/time-format";
import { StatusBadge } from "./status-badge";

// The table's TanStack column definitions, built from the shared column list (lib/client).

export const taskTableFeatures = tableFeatures({ columnVisibilityFeature, columnOrderingFeature });
const column = createColumnHelper<typeof taskTableFeatures, Task>();

/** Column widths in the CSS grid; times and ids need room, badges little. */
export const COLUMN_WIDTHS: Record<ColumnId, string> = {
  started_at: "minmax(12.5rem,1.2fr)",
  task_type: "minmax(9rem,1fr)",
  status: "7.5rem",
  mva: "6.5rem",
  vehicle_id: "minmax(7rem,0.8fr)",
  vin: "minmax(11rem,1fr)",
  location: "minmax(10rem,1.2fr)",
  odometer_miles: "7.5rem",
  id: "minmax(8rem,1fr)",
};

export function taskTableColumns(zoneOf: (task: Task) => string, detailHref: (id: string) => string) {
  const plain = (id: Exclude<ColumnId, "started_at" | "status" | "id" | "odometer_miles">) =>
    column.accessor((task) => columnValue(task, id), { id, header: COLUMN_LABELS[id] });
  return column.columns([
    column.accessor("started_at", {
      id: "started_at",
      header: COLUMN_LABELS.started_at,
      cell: (info) => formatInZone(info.getValue(), zoneOf(info.row.original)),
    }),
    plain("task_type"),
    column.accessor("status", {
      id: "status",
      header: COLUMN_LABELS.status,
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    plain("mva"),
    plain("vehicle_id"),
    plain("vin"),
    plain("location"),
    column.accessor("odometer_miles", {
      id: "odometer_miles",
      header: COLUMN_LABELS.odometer_miles,
      cell: (info) => info.getValue().toLocaleString("en-US"),
    }),
    column.accessor("id", {
      id: "id",
      header: COLUMN_LABELS.id,
      cell: (info) => (
        // No prefetch: every row scrolled past would otherwise fetch its detail route (1,824
        // requests in one pass over 20,000 rows, measured by bench:ui).
        <Link
          href={detailHref(info.getValue())}
          prefetch={false}
          scroll={false}
          tabIndex={-1}
          className="underline-offset-2 hover:underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
  ]);
}
