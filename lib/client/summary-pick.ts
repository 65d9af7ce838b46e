import { dayWindow } from "./summary-day-window";
import type { TaskFilters, TimeWindow } from "./task-filters";

// What a click in the summary asks of the task table, as a change of its URL filters.

export interface SummaryPick {
  status?: string;
  task_type?: string;
  location_id?: string;
  /** A calendar day ("2026-11-20") in the zone the summary counted days in. */
  day?: string;
}

/**
 * The filter change a pick makes: that one value in place of the list it belongs to (the other
 * filters stay), or for a day the window narrowed to it, no wider than the window the bar counted.
 */
export function pickFilters(pick: SummaryPick, window: TimeWindow, zone: string): Partial<TaskFilters> {
  if (pick.day) {
    const day = dayWindow(pick.day, zone, window);
    return { range: "custom", from: day.from.toISOString(), to: day.to.toISOString() };
  }
  const change: Partial<TaskFilters> = {};
  if (pick.status) change.status = [pick.status];
  if (pick.task_type) change.task_type = [pick.task_type];
  if (pick.location_id) change.location_id = [pick.location_id];
  return change;
}
