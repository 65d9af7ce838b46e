import { listParams } from "./task-queries";
import { calendarZone, parseTableView } from "./table-view";
import { windowAt } from "./stable-window";
import { isCalendarRange, parseTaskFilters, type TaskFilters, type TimeWindow } from "./task-filters";

// The server reads the first page of /tasks for the window it resolves the URL's range to, and
// hands that window to the browser with the page: the browser's first render must ask for the
// same query key, or TanStack Query would not find the page and ask /api/tasks again.

/** The list the server read: its /api/tasks query (no cursor or limit) and the window's instants. */
export interface ServedList {
  query: string;
  from: string;
  to: string;
  /** The parsed filters it was read for: "last 7 days" and a custom week can share a query. */
  filters: string;
}

/**
 * The window the server resolves `params` to at `now`, or undefined when it cannot know the
 * browser's: a calendar period (today, last week) is counted in the browser's zone unless the
 * URL asks for UTC.
 */
export function serverWindow(params: URLSearchParams, now: Date): TimeWindow | undefined {
  const filters = parseTaskFilters(params);
  // The choice, not calendarZone's answer: on the server that is the server's zone, not the browser's.
  const choice = parseTableView(params, {}).zone;
  if (isCalendarRange(filters.range) && choice !== "utc") return undefined;
  return windowAt(filters, calendarZone(choice), now);
}

/** The served window, if `served` is the list of these filters (the URL may have moved on since). */
export function servedWindowOf(filters: TaskFilters, served: ServedList | undefined): TimeWindow | undefined {
  if (!served || JSON.stringify(filters) !== served.filters) return undefined;
  const window = { from: new Date(served.from), to: new Date(served.to) };
  return listParams(filters, window).toString() === served.query ? window : undefined;
}
