"use client";
import { TIME_ZONE_CHOICES, type TimeZoneChoice } from "@/lib/client/table-view";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { ColumnMenu } from "./column-menu";
import { ViewsMenu } from "./views-menu";

// How the table is shown: which zone times are in, and which columns in which order, pinned or
// not; and the saved views, which keep all of it (and the filters) under a name.
export function TableToolbar({ state }: { state: TaskListState }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        {/* On a phone the choice names itself ("Location time"), and the words would cost the
            toolbar a second line, so they are left to screen readers there. */}
        <span className="sr-only sm:not-sr-only">Times shown in</span>
        <select
          value={state.view.zone}
          onChange={(event) => state.setView({ zone: event.target.value as TimeZoneChoice })}
          className="rounded border border-slate-400 bg-white px-2 py-1 font-normal dark:bg-slate-900"
        >
          {Object.entries(TIME_ZONE_CHOICES).map(([choice, label]) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <ColumnMenu view={state.view} onChange={state.setView} />
      <ViewsMenu state={state} />
    </div>
  );
}
