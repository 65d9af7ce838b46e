import type { components } from "@/contract/dashboard/api-types";

type Task = components["schemas"]["Task"];

// The table's columns as data: their ids, labels and the text of a cell. The table renders them,
// and both exports write them through one list (task-csv-columns.ts), so a column reads
// the same on screen and in either file.

export const COLUMN_IDS = [
  "started_at",
  "task_type",
  "status",
  "mva",
  "vehicle_id",
  "vin",
  "location",
  "odometer_miles",
  "id",
] as const;

export type ColumnId = (typeof COLUMN_IDS)[number];

export const COLUMN_LABELS: Record<ColumnId, string> = {
  started_at: "Started",
  task_type: "Task type",
  status: "Status",
  mva: "MVA",
  vehicle_id: "Vehicle",
  vin: "VIN",
  location: "Location",
  odometer_miles: "Odometer (mi)",
  id: "Task ID",
};

export function isColumnId(value: string): value is ColumnId {
  return (COLUMN_IDS as readonly string[]).includes(value);
}

export type CellValue = string | number | null;

/** A cell's value as data (numbers stay numbers for the CSV); times are handled by the caller. */
export function columnValue(task: Task, column: Exclude<ColumnId, "started_at">): CellValue {
  switch (column) {
    case "location":
      return task.location.name;
    case "odometer_miles":
      return task.odometer_miles;
    default:
      return task[column];
  }
}
