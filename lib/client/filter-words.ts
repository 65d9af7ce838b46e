import {
  DEFAULT_RANGE,
  LIST_FILTERS,
  type ListFilter,
  type RangePreset,
  type TaskFilters,
} from "./task-filters";

// The filters as a person reads them: the presets' names, the active filters in words and their
// count. Only the controls, the empty state and a bad link's notice show them, all loaded after
// the page, so they are apart from the parsing every first load needs (task-filters.ts).

/** Whole calendar periods in the chosen zone, then spans that end now, in the pickers' order. */
export const RANGE_PRESETS: Record<RangePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  this_week: "This week",
  last_week: "Last week",
  this_month: "This month",
  last_month: "Last month",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

export function activeFilterCount(filters: TaskFilters): number {
  return (
    LIST_FILTERS.filter((name) => filters[name]).length +
    (filters.q ? 1 : 0) +
    (filters.range === DEFAULT_RANGE ? 0 : 1)
  );
}

/** How the words name each list ("location LAX Airport", "statuses completed or cancelled"). */
const LIST_WORDS: Record<ListFilter, [one: string, several: string]> = {
  status: ["status", "statuses"],
  location_id: ["location", "locations"],
  task_type: ["task type", "task types"],
  mva: ["MVA", "MVAs"],
  vehicle_id: ["vehicle", "vehicles"],
};

export interface FilterLabels {
  location?: (id: string) => string | undefined;
  taskType?: (code: string) => string;
  status?: (code: string) => string;
}

/** The active filters in words, for the empty state ("Last 7 days", "MVA 61234567"). */
export function describeFilters(filters: TaskFilters, labels: FilterLabels = {}): string[] {
  const words: string[] = [];
  if (filters.range === "custom" && filters.from && filters.to) {
    words.push(`from ${new Date(filters.from).toLocaleString()} to ${new Date(filters.to).toLocaleString()}`);
  } else if (filters.range !== "custom") {
    words.push(RANGE_PRESETS[filters.range]);
  }
  const label: Partial<Record<ListFilter, (value: string) => string | undefined>> = {
    location_id: labels.location,
    task_type: labels.taskType,
    status: labels.status,
  };
  for (const name of ["status", "location_id", "mva", "vehicle_id", "task_type"] as const) {
    const values = filters[name];
    if (!values) continue;
    const [one, several] = LIST_WORDS[name];
    const named = values.map((value) => label[name]?.(value) ?? value);
    words.push(`${named.length > 1 ? several : one} ${orList(named)}`);
  }
  if (filters.q) words.push(`matching “${filters.q}”`);
  return words;
}

function orList(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}
