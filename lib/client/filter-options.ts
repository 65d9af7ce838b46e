import type { Location, TaskSummary } from "./api-types";
import { locationsByName } from "./location-order";
import { KNOWN_STATUSES, statusLabel, taskTypeLabel } from "@/lib/task-format/task-labels";

// The values the status, location and task type filters offer: from the mirror's counts of the
// window (each with its count) when it can count, else what is known without it (the documented
// statuses, every location, the task types this tab has seen), without counts.

export interface FilterOption {
  value: string;
  label: string;
  count?: number;
}

export interface FilterOptions {
  status: FilterOption[];
  location_id: FilterOption[];
  task_type: FilterOption[];
}

const byCountThenLabel = (a: FilterOption, b: FilterOption) =>
  (b.count ?? 0) - (a.count ?? 0) || a.label.localeCompare(b.label);

export function filterOptions(
  summary: TaskSummary | undefined,
  locations: readonly Location[],
  seenTaskTypes: readonly string[],
): FilterOptions {
  const counted = (counts: Record<string, number>, label: (code: string) => string) =>
    Object.entries(counts).map(([value, count]) => ({ value, label: label(value), count }));
  const locationCounts = new Map(summary?.by_location.map((location) => [location.id, location.total]));
  // Every location stays offered (a location without tasks in the window is still a choice);
  // one the mirror counted that the list lacks is named as the mirror has it.
  const named = new Map(locations.map((location) => [location.id, location.name]));
  for (const location of summary?.by_location ?? [])
    if (!named.has(location.id)) named.set(location.id, location.name);
  return {
    status: summary
      ? counted(summary.by_status, statusLabel).sort(
          (a, b) => statusRank(a.value) - statusRank(b.value) || a.value.localeCompare(b.value),
        )
      : KNOWN_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
    task_type: summary
      ? counted(summary.by_task_type, taskTypeLabel).sort(byCountThenLabel)
      : seenTaskTypes.map((value) => ({ value, label: taskTypeLabel(value) })),
    location_id: locationsByName([...named].map(([id, name]) => ({ id, name }))).map(({ id, name }) => ({
      value: id,
      label: name,
      ...(summary ? { count: locationCounts.get(id) ?? 0 } : {}),
    })),
  };
}

/** The documented statuses in their life's order, others after them. */
function statusRank(code: string): number {
  const index = KNOWN_STATUSES.indexOf(code);
  return index < 0 ? KNOWN_STATUSES.length : index;
}
