// Everything that decides which tasks the table shows, and in which order, lives in the URL, so a
// link reproduces the view. Relative ranges stay relative ("7d" means the last 7 days whenever
// the link is opened, "yesterday" the day before the day it is opened); a custom range is two
// absolute instants. Parameter names and list syntax are the dashboard API's own.

import { calendarPeriod, type CalendarPeriod } from "./calendar-range";
import { isIdentifier } from "./identifier";
import { LIST_FILTERS, SORT_KEYS, type ListFilter, type SortKey } from "@/contract/query/list-filters";
import { joinListParam, splitListParam } from "@/contract/query/list-param";

/** Whole calendar periods in the chosen zone (calendar-range.ts). */
const CALENDAR_PERIOD_IDS = [
  "today",
  "yesterday",
  "this_week",
  "last_week",
  "this_month",
  "last_month",
] as const satisfies readonly CalendarPeriod[];

/** The calendar periods, then spans that end now (their words: filter-words.ts). */
const RANGE_PRESET_IDS = [...CALENDAR_PERIOD_IDS, "24h", "7d", "30d"] as const;

export type RangePreset = (typeof RANGE_PRESET_IDS)[number];
export type TaskOrder = "asc" | "desc";
export { LIST_FILTERS, SORT_KEYS, type ListFilter, type SortKey };

/** Filters whose values are identifiers: a link's value of another shape is not used. */
export const IDENTIFIER_FILTERS: ReadonlySet<ListFilter> = new Set([
  "status",
  "location_id",
  "mva",
  "vehicle_id",
]);
/** The API takes at most this many values in one list. */
export const MAX_LIST_VALUES = 50;
/** The API's limit on `q`, in characters. */
export const MAX_Q_CHARACTERS = 100;
const MAX_TASK_TYPE_CHARACTERS = 128;
// eslint-disable-next-line no-control-regex -- the API refuses control characters; so does the link.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

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
  sort: SortKey;
  order: TaskOrder;
}

export const DEFAULT_RANGE: RangePreset = "7d";
export const DEFAULT_SORT: SortKey = "started_at";
export const DEFAULT_ORDER: TaskOrder = "desc";
export const DEFAULT_FILTERS: TaskFilters = {
  range: DEFAULT_RANGE,
  sort: DEFAULT_SORT,
  order: DEFAULT_ORDER,
};
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function isPreset(value: string | null): value is RangePreset {
  return value !== null && (RANGE_PRESET_IDS as readonly string[]).includes(value);
}

export function isSortKey(value: string | null): value is SortKey {
  return value !== null && (SORT_KEYS as readonly string[]).includes(value);
}

export function instant(value: string | null): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Whether the API would take `value` in list `name`. */
export function isListValue(name: ListFilter, value: string): boolean {
  if (IDENTIFIER_FILTERS.has(name)) return isIdentifier(value);
  return (
    value.trim().length > 0 &&
    Array.from(value).length <= MAX_TASK_TYPE_CHARACTERS &&
    !CONTROL_CHARACTERS.test(value)
  );
}

/** A list parameter's usable values: trimmed, distinct, of the API's shape, at most 50. */
export function parseList(name: ListFilter, text: string | null): string[] | undefined {
  if (text === null) return undefined;
  const values = splitListParam(text)
    .map((value) => value.trim())
    .filter((value) => value && isListValue(name, value));
  const distinct = [...new Set(values)].slice(0, MAX_LIST_VALUES);
  return distinct.length > 0 ? distinct : undefined;
}

export function parseQ(text: string | null): string | undefined {
  const q = text?.trim();
  if (!q || CONTROL_CHARACTERS.test(q)) return undefined;
  return Array.from(q).slice(0, MAX_Q_CHARACTERS).join("");
}

export function parseTaskFilters(params: URLSearchParams): TaskFilters {
  const from = instant(params.get("from"));
  const to = instant(params.get("to"));
  const range = params.get("range");
  const sort = params.get("sort");
  const filters: TaskFilters = {
    range: from && to ? "custom" : isPreset(range) ? range : DEFAULT_RANGE,
    sort: isSortKey(sort) ? sort : DEFAULT_SORT,
    order: params.get("order") === "asc" ? "asc" : params.get("order") === "desc" ? "desc" : DEFAULT_ORDER,
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
  if (filters.sort !== DEFAULT_SORT) next.set("sort", filters.sort);
  // With another sort the order is always written: the API's own default is ascending, so a link
  // reading "sort=odometer_miles" alone would be taken for least miles first.
  if (filters.order !== DEFAULT_ORDER || filters.sort !== DEFAULT_SORT) next.set("order", filters.order);
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
  const span = window.to.getTime() - window.from.getTime();
  if (!(span > 0)) return '"From" must be before "To".';
  if (span > maxDays * DAY_MS) {
    return `The window may span at most ${maxDays} days; this one spans ${Math.ceil(span / DAY_MS)} days.`;
  }
  return undefined;
}
