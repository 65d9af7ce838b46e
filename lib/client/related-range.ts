import type { TaskFilters, TimeWindow } from "./task-filters";
import { DAY_MS } from "@/contract/query/day";

// The range of a task's "other tasks for this vehicle / MVA" links (task-detail.tsx), apart from
// the list's filters so the tasks page does not load it.

const RELATED_SPAN_DAYS = 30;

/**
 * The time range of a "other tasks for this vehicle" link from a task: the list's own range when it
 * holds the task, else the last 30 days when those hold it, else 30 days around it. So the task
 * itself is always among the results, whichever list (or deep link) it was opened from.
 */
export function rangeAround(
  startedAt: string,
  filters: TaskFilters,
  window: TimeWindow,
  now: Date,
): Pick<TaskFilters, "range" | "from" | "to"> {
  const start = Date.parse(startedAt);
  const { range, from, to } = filters;
  if (window.from.getTime() <= start && start < window.to.getTime()) return { range, from, to };
  const span = RELATED_SPAN_DAYS * DAY_MS;
  if (now.getTime() - span <= start && start < now.getTime()) {
    return { range: "30d", from: undefined, to: undefined };
  }
  return {
    range: "custom",
    from: new Date(start - span / 2).toISOString(),
    to: new Date(start + span / 2).toISOString(),
  };
}
