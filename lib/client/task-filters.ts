// Everything that decides which tasks the table shows lives in the URL, so a link reproduces the
// view. Relative ranges stay relative ("7d" means the last 7 days whenever the link is opened);
// a custom range is two absolute instants.

import { isIdentifier } from "./identifier";

export const RANGE_PRESETS = {
  today: "Today",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
} as const;

export type RangePreset = keyof typeof RANGE_PRESETS;
export type TaskOrder = "asc" | "desc";

export const TEXT_FILTERS = ["location_id", "mva", "vehicle_id", "task_type"] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];
/** Filters the service reads as identifiers: a link's value of another shape is not used. */
export const IDENTIFIER_FILTERS: ReadonlySet<TextFilter> = new Set(["mva", "vehicle_id"]);

export interface TaskFilters {
  range: RangePreset | "custom";
  /** ISO instants, only for a custom range. */
  from?: string;
  to?: string;
  location_id?: string;
  mva?: string;
  vehicle_id?: string;
  task_type?: string;
  order: TaskOrder;
}

export const DEFAULT_RANGE: RangePreset = "7d";
export const DEFAULT_ORDER: TaskOrder = "desc";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function isPreset(value: string | null): value is RangePreset {
  return value !== null && Object.hasOwn(RANGE_PRESETS, value);
}

export function instant(value: string | null): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function parseTaskFilters(params: URLSearchParams): TaskFilters {
  const from = instant(params.get("from"));
  const to = instant(params.get("to"));
  const range = params.get("range");
  const filters: TaskFilters = {
    range: from && to ? "custom" : isPreset(range) ? range : DEFAULT_RANGE,
    order: params.get("order") === "asc" ? "asc" : DEFAULT_ORDER,
    ...(from && to ? { from, to } : {}),
  };
  for (const name of TEXT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value && (!IDENTIFIER_FILTERS.has(name) || isIdentifier(value))) filters[name] = value;
  }
  return filters;
}

/** Writes the filters into a copy of `params`, keeping the view's other state (zone, columns). */
export function withTaskFilters(params: URLSearchParams, filters: TaskFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ["range", "from", "to", "order", ...TEXT_FILTERS]) next.delete(name);
  if (filters.range === "custom" && filters.from && filters.to) {
    next.set("from", filters.from);
    next.set("to", filters.to);
  } else if (filters.range !== "custom" && filters.range !== DEFAULT_RANGE) {
    next.set("range", filters.range);
  }
  for (const name of TEXT_FILTERS) {
    const value = filters[name];
    if (value) next.set(name, value);
  }
  if (filters.order !== DEFAULT_ORDER) next.set("order", filters.order);
  return next;
}

export interface TimeWindow {
  from: Date;
  to: Date;
}

/** The instants a range covers at `now`; "today" is midnight to midnight in the browser's zone. */
export function rangeWindow(filters: TaskFilters, now: Date): TimeWindow {
  switch (filters.range) {
    case "custom":
      return { from: new Date(filters.from ?? now), to: new Date(filters.to ?? now) };
    case "today": {
      const start = new Date(now);
      start.setHours(0, 0, 0, 0);
      const end = new Date(start);
      end.setDate(end.getDate() + 1);
      return { from: start, to: end };
    }
    case "24h":
      return { from: new Date(now.getTime() - DAY_MS), to: now };
    case "7d":
      return { from: new Date(now.getTime() - 7 * DAY_MS), to: now };
    case "30d":
      return { from: new Date(now.getTime() - 30 * DAY_MS), to: now };
  }
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

/** The dashboard API's query for these filters (no cursor or limit). */
export function taskQuery(filters: TaskFilters, window: TimeWindow): URLSearchParams {
  const query = new URLSearchParams({
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    order: filters.order,
  });
  for (const name of TEXT_FILTERS) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  return query;
}

export function activeFilterCount(filters: TaskFilters): number {
  return TEXT_FILTERS.filter((name) => filters[name]).length + (filters.range === DEFAULT_RANGE ? 0 : 1);
}

/** The active filters in words, for the empty state ("Last 7 days", "MVA 61234567"). */
export function describeFilters(
  filters: TaskFilters,
  locationName?: (id: string) => string | undefined,
): string[] {
  const words: string[] = [];
  if (filters.range === "custom" && filters.from && filters.to) {
    words.push(`from ${new Date(filters.from).toLocaleString()} to ${new Date(filters.to).toLocaleString()}`);
  } else if (filters.range !== "custom") {
    words.push(RANGE_PRESETS[filters.range]);
  }
  if (filters.location_id)
    words.push(`location ${locationName?.(filters.location_id) ?? filters.location_id}`);
  if (filters.mva) words.push(`MVA ${filters.mva}`);
  if (filters.vehicle_id) words.push(`vehicle ${filters.vehicle_id}`);
  if (filters.task_type) words.push(`task type ${filters.task_type}`);
  return words;
}
