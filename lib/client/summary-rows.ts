import type { TaskSummary } from "./api-types";
import { orderStatuses } from "./summary-status-order";
import { statusLabel, taskTypeLabel } from "@/lib/task-format/task-labels";

// The summary's answer as the plain rows each chart draws and each table alternative lists.

export interface CountRow {
  /** The raw value the table filters by (a status, a task type, a location id). */
  key: string;
  label: string;
  count: number;
}

export interface DayRow {
  day: string;
  total: number;
  /** Count per status, in the order of `statuses`. */
  counts: number[];
}

export interface SummaryRows {
  total: number;
  statuses: CountRow[];
  taskTypes: CountRow[];
  /** Task types beyond the top ones, summed, so the shown ones are not mistaken for all. */
  otherTaskTypes: { types: number; count: number };
  days: DayRow[];
  /** The stack order of `days[].counts`. */
  dayStatuses: string[];
  locations: CountRow[];
  asOf: string;
}

export const TOP_TASK_TYPES = 8;

const byCountThenKey = (a: CountRow, b: CountRow) =>
  b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function summaryRows(summary: TaskSummary, topTypes = TOP_TASK_TYPES): SummaryRows {
  const statusCodes = orderStatuses([
    ...Object.keys(summary.by_status),
    ...summary.by_day.flatMap((day) => Object.keys(day.by_status)),
  ]);
  const allTypes = Object.entries(summary.by_task_type)
    .map(([key, count]) => ({ key, label: taskTypeLabel(key), count }))
    .sort(byCountThenKey);
  const rest = allTypes.slice(topTypes);
  return {
    total: summary.total,
    statuses: statusCodes
      .filter((key) => Object.hasOwn(summary.by_status, key))
      .map((key) => ({ key, label: statusLabel(key), count: summary.by_status[key] ?? 0 })),
    taskTypes: allTypes.slice(0, topTypes),
    otherTaskTypes: { types: rest.length, count: rest.reduce((sum, row) => sum + row.count, 0) },
    days: summary.by_day.map((day) => ({
      day: day.day,
      total: day.total,
      counts: statusCodes.map((status) => day.by_status[status] ?? 0),
    })),
    dayStatuses: statusCodes,
    locations: summary.by_location
      .map((location) => ({ key: location.id, label: location.name, count: location.total }))
      .sort(byCountThenKey),
    asOf: summary.as_of,
  };
}
