"use client";
import type { Location } from "@/lib/client/api-types";
import { describeFilters } from "@/lib/client/filter-words";
import type { TaskFilters } from "@/lib/client/task-filters";
import { useInBrowser } from "@/lib/client/use-in-browser";

// On a phone the filters fold away behind this button, which sums up the ones that are on, so
// the table gets the screen. From the `sm` width up the filters always show and it is hidden.
export function FilterToggle({
  filters,
  locations,
  open,
  controls,
  onToggle,
}: {
  filters: TaskFilters;
  locations: readonly Location[];
  open: boolean;
  /** The id of the filters it shows and hides. */
  controls: string;
  onToggle: () => void;
}) {
  // A custom range is written in the browser's zone and locale (use-in-browser.ts).
  const inBrowser = useInBrowser();
  const nameOf = (id: string) => locations.find((location) => location.id === id)?.name;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="flex items-center gap-2 rounded border border-slate-400 px-3 py-1 text-left text-sm sm:hidden"
    >
      <span className="font-medium">Filters</span>
      <span className="min-w-0 flex-1 truncate text-slate-600 dark:text-slate-400">
        {inBrowser && describeFilters(filters, { location: nameOf }).join(", ")}
      </span>
      <span aria-hidden="true">{open ? "▲" : "▼"}</span>
    </button>
  );
}
