// The dashboard API's filter and sort names for a task list: the page writes them into links and
// requests, the mirror reads them, so both take them from here and cannot drift apart.

/** The API's sort keys (`location` is the location's name). */
export const SORT_KEYS = [
  "started_at",
  "task_type",
  "status",
  "mva",
  "vehicle_id",
  "location",
  "odometer_miles",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Filters that take one value or a comma list meaning any of them (in the order links write them). */
export const LIST_FILTERS = ["status", "location_id", "task_type", "mva", "vehicle_id"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
