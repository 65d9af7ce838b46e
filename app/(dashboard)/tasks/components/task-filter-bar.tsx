"use client";
import { useId, useMemo, useState } from "react";
import type { Location, Task } from "@/lib/client/api-types";
import { IDENTIFIER_RULE, isIdentifier } from "@/lib/client/identifier";
import { noteTaskTypes } from "@/lib/client/seen-task-types";
import { activeFilterCount } from "@/lib/client/task-filters";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { FilterToggle } from "./filter-toggle";
import { LocationPicker } from "./location-picker";
import { TextFilter } from "./text-filter";
import { TimeRangePicker } from "./time-range-picker";

export function TaskFilterBar({
  state,
  locations,
  rows,
}: {
  state: TaskListState;
  locations: readonly Location[];
  rows: readonly Task[];
}) {
  const { filters, setFilters } = state;
  // Suggestions come from rows loaded in this tab: no request is spent on them.
  const taskTypes = useMemo(() => noteTaskTypes(rows.map((task) => task.task_type)), [rows]);
  // Folded on narrow screens until asked for: open, the filters took 640 of a phone's 844 px.
  const [open, setOpen] = useState(false);
  const id = useId();

  return (
    <>
      <FilterToggle
        filters={filters}
        locations={locations}
        open={open}
        controls={id}
        onToggle={() => setOpen((was) => !was)}
      />
      <form
        id={id}
        role="search"
        aria-label="Filter tasks"
        className={`${open ? "flex" : "hidden"} flex-wrap items-end gap-3 sm:flex`}
        onSubmit={(event) => event.preventDefault()}
      >
        <TimeRangePicker filters={filters} window={state.window} onChange={setFilters} />
        <LocationPicker
          locations={locations}
          value={filters.location_id?.[0]}
          onChange={(id) => setFilters({ location_id: id ? [id] : undefined })}
          anyFilterActive={activeFilterCount(filters) > 0}
        />
        <TextFilter
          label="MVA"
          value={filters.mva?.[0]}
          onCommit={(value) => setFilters({ mva: value ? [value] : undefined })}
          problemOf={identifierProblem("An MVA")}
        />
        <TextFilter
          label="Vehicle"
          value={filters.vehicle_id?.[0]}
          onCommit={(value) => setFilters({ vehicle_id: value ? [value] : undefined })}
          problemOf={identifierProblem("A vehicle id")}
        />
        <TextFilter
          label="Task type"
          value={filters.task_type?.[0]}
          onCommit={(value) => setFilters({ task_type: value ? [value] : undefined })}
          suggestions={taskTypes}
        />
        <button
          type="button"
          onClick={state.clearFilters}
          disabled={activeFilterCount(filters) === 0}
          className="rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
        >
          Clear filters
        </button>
      </form>
    </>
  );
}

function identifierProblem(what: string) {
  return (text: string) => (isIdentifier(text) ? undefined : `${what} is ${IDENTIFIER_RULE}.`);
}
