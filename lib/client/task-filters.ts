// Everything that decides which tasks the table shows, and in which order, lives in the URL, so a
// link reproduces the view. Relative ranges stay relative ("7d" means the last 7 days whenever
// the link is opened, "yesterday" the day before the day it is opened); a custom range is two
// absolute instants. Parameter names and list syntax are the dashboard API's own.

import { calendarPeriod, type CalendarPeriod } from "./calendar-range";
import { CALENDAR_PERIOD_IDS, isPreset, type RangePreset } from "@/lib/task-format/view-params";
import { DAY_MS } from "@/contract/query/day";
import {
  isFilterValue,
  MAX_LIST_VALUES,
  MAX_Q_CHARACTERS,
  searchTextProblem,
} from "@/contract/query/filter-values";
import { parseInstantText } from "@/contract/query/instant-text";
import { LIST_FILTERS, SORT_KEYS, type ListFilter, type SortKey } from "@/contract/query/list-filters";
import { joinListParam, splitListParam } from "@/contract/query/list-param";
import type { SortOrder } from "@/contract/query/order";
import {
  isSortKey,
  MAX_SORT_KEYS,
  readSortTerms,
  writeSortTerms,
  type SortTerm,
} from "@/contract/query/sort-list";
import { windowFault } from "@/contract/query/time-window";

export type TaskOrder = SortOrder;
export { isPreset, type RangePreset };
export { LIST_FILTERS, MAX_LIST_VALUES, SORT_KEYS, type ListFilter, type SortKey };
export { isSortKey, MAX_SORT_KEYS, type SortTerm };

export interface TaskFilters {
  range: RangePreset | "custom";
  /** ISO instants, only for a custom range. */
  from?: string;
  to?: string;
  /** Each list is absent rather than empty, and holds distinct values in the order chosen. */
  status?: string[];
  location_id?: string[];
  task_type?: string[];
  mva?: string[];
  vehicle_id?: string[];
  /** Quick search: a substring of id, MVA, vehicle id, VIN, task type or location name. */
  q?: string;
  /** 1 to 3 distinct keys, the first the primary one, each with its direction. */
  sort: SortTerm[];
}

export const DEFAULT_RANGE: RangePreset = "7d";
export const DEFAULT_ORDER: TaskOrder = "desc";
/** Newest first, as the list opens. */
export const DEFAULT_SORT: SortTerm[] = [{ key: "started_at", order: DEFAULT_ORDER }];
export const DEFAULT_FILTERS: TaskFilters = {
  range: DEFAULT_RANGE,
  sort: DEFAULT_SORT,
};

/**
 * The link's sort as the API would read it, but newest first where `order` is absent (the page's
 * default, where the API's is ascending). A sort the API would refuse is Started, newest first;
 * directions it would refuse are the default direction for every key.
 */
export function parseSort(params: URLSearchParams): SortTerm[] {
  const sort = params.get("sort") ?? undefined;
  const read = readSortTerms(sort, params.get("order") ?? undefined, DEFAULT_ORDER);
  if (read.ok) return read.terms;
  if (read.param === "sort") return DEFAULT_SORT;
  const keys = readSortTerms(sort, undefined, DEFAULT_ORDER);
  return keys.ok ? keys.terms : DEFAULT_SORT;
}

/** Whether a sort is the list's own (Started, newest first), which links leave unsaid. */
export function isDefaultSort(sort: readonly SortTerm[]): boolean {
  return sort.length === 1 && sort[0]?.key === "started_at" && sort[0].order === DEFAULT_ORDER;
}

/** The link's instant as the API would read it, or undefined when the API would refuse it. */
export function instant(value: string | null): string | undefined {
  const time = value ? parseInstantText(value) : undefined;
  return time === undefined ? undefined : new Date(time).toISOString();
}

/** A list parameter's usable values: trimmed, distinct, of the API's shape, at most 50. */
function parseList(name: ListFilter, text: string | null): string[] | undefined {
  if (text === null) return undefined;
  const values = splitListParam(text)
    .map((value) => value.trim())
    .filter((value) => value && isFilterValue(name, value));
  const distinct = [...new Set(values)].slice(0, MAX_LIST_VALUES);
  return distinct.length > 0 ? distinct : undefined;
}

/** The link's search text, trimmed and cut to the API's length, or undefined when the API would refuse it. */
function parseQ(text: string | null): string | undefined {
  const q = Array.from(text?.trim() ?? "")
    .slice(0, MAX_Q_CHARACTERS)
    .join("");
  return searchTextProblem(q) ? undefined : q;
}

export function parseTaskFilters(params: URLSearchParams): TaskFilters {
  const from = instant(params.get("from"));
  const to = instant(params.get("to"));
  const range = params.get("range");
  const filters: TaskFilters = {
    range: from && to ? "custom" : isPreset(range) ? range : DEFAULT_RANGE,
    sort: parseSort(params),
    ...(from && to ? { from, to } : {}),
  };
  for (const name of LIST_FILTERS) {
    const values = parseList(name, params.get(name));
    if (values) filters[name] = values;
  }
  const q = parseQ(params.get("q"));
  if (q) filters.q = q;
  return filters;
}

const FILTER_PARAMS = ["range", "from", "to", "sort", "order", "q", ...LIST_FILTERS] as const;

/** Writes the filters into a copy of `params`, keeping the view's other state (zone, columns). */
export function withTaskFilters(params: URLSearchParams, filters: TaskFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (filters.range === "custom" && filters.from && filters.to) {
    next.set("from", filters.from);
    next.set("to", filters.to);
  } else if (filters.range !== "custom" && filters.range !== DEFAULT_RANGE) {
    next.set("range", filters.range);
  }
  for (const name of LIST_FILTERS) {
    const values = filters[name];
    if (values && values.length > 0) next.set(name, joinListParam(values));
  }
  if (filters.q) next.set("q", filters.q);
  const sort = writeSortTerms(filters.sort);
  if (sort.sort !== "started_at") next.set("sort", sort.sort);
  // With another sort the order is always written: the API's own default is ascending, so a link
  // reading "sort=odometer_miles" alone would be taken for least miles first.
  if (!isDefaultSort(filters.sort)) next.set("order", sort.order);
  return next;
}

export interface TimeWindow {
  from: Date;
  to: Date;
}

const CALENDAR_PERIODS: ReadonlySet<string> = new Set<CalendarPeriod>(CALENDAR_PERIOD_IDS);

function isCalendarPeriod(range: TaskFilters["range"]): range is CalendarPeriod {
  return CALENDAR_PERIODS.has(range);
}

/** Whether the range's window depends on the zone (calendar periods) rather than only on now. */
export function isCalendarRange(range: TaskFilters["range"]): boolean {
  return isCalendarPeriod(range);
}

/**
 * The instants a range covers at `now`. Calendar periods (today, this week, ...) are whole days,
 * weeks or months in `timeZone`, the zone the table shows times in.
 */
export function rangeWindow(filters: TaskFilters, now: Date, timeZone: string): TimeWindow {
  const range = filters.range;
  if (range === "custom") return { from: new Date(filters.from ?? now), to: new Date(filters.to ?? now) };
  if (isCalendarPeriod(range)) return calendarPeriod(range, now, timeZone);
  const days = { "24h": 1, "7d": 7, "30d": 30 }[range];
  return { from: new Date(now.getTime() - days * DAY_MS), to: now };
}

/** Why the service would refuse this window, in words for staff; undefined when it is fine. */
export function windowProblem(window: TimeWindow, maxDays: number): string | undefined {
  const fault = windowFault(window.from.getTime(), window.to.getTime(), maxDays);
  if (fault === "not_before") return '"From" must be before "To".';
  if (fault === "too_long") {
    const days = Math.ceil((window.to.getTime() - window.from.getTime()) / DAY_MS);
    return `The window may span at most ${maxDays} days; this one spans ${days} days.`;
  }
  return undefined;
}
