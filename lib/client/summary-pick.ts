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
 * The filter change a pick makes; undefined when the table cannot filter by it yet. A day narrows
 * the window to that day, but no wider than the window the bar counted.
 */
export function pickFilters(
  pick: SummaryPick,
  window: TimeWindow,
  zone: string,
): Partial<TaskFilters> | undefined {
  if (pick.day) {
    const day = dayWindow(pick.day, zone, window);
    return { range: "custom", from: day.from.toISOString(), to: day.to.toISOString() };
  }
  if (pick.task_type) return { task_type: pick.task_type };
  if (pick.location_id) return { location_id: pick.location_id };
  return undefined;
}
