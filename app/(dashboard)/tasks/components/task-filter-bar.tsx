"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useMemo, useState } from "react";
import type { Location, Task } from "@/lib/client/api-types";
import { filterOptions } from "@/lib/client/filter-options";
import { IDENTIFIER_RULE, isIdentifier } from "@/lib/client/identifier";
import { noteTaskTypes } from "@/lib/client/seen-task-types";
import { activeFilterCount } from "@/lib/client/filter-words";
import type { ListFilter } from "@/lib/client/task-filters";
import { summaryParams, taskSummaryQuery } from "@/lib/client/view-queries";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { FilterToggle } from "./filter-toggle";
import { MultiSelect } from "./multi-select";
import { TextFilter } from "./text-filter";
import { TimeRangePicker } from "./time-range-picker";

export function TaskFilterBar({
  state,
  locations,
  rows,
  mirrorWaiting,
}: {
  state: TaskListState;
  locations: readonly Location[];
  rows: readonly Task[];
  /** Why what only the mirror answers has to wait, if it does (use-mirror-readiness.ts). */
  mirrorWaiting: string | undefined;
}) {
  const { filters, setFilters } = state;
  const seenTypes = useMemo(() => noteTaskTypes(rows.map((task) => task.task_type)), [rows]);
  // The values offered and their counts: the window's tasks by status, type and location, with
  // the filters that are not among these three (so ticking a status does not hide the others).
  const facets = useMemo(
    () =>
      summaryParams(
        { ...filters, status: undefined, location_id: undefined, task_type: undefined },
        state.window,
        state.zone,
      ),
    [filters, state.window, state.zone],
  );
  const summary = useQuery({ ...taskSummaryQuery(facets), enabled: !mirrorWaiting && !state.problem });
  const options = useMemo(
    () => filterOptions(mirrorWaiting ? undefined : summary.data, locations, seenTypes),
    [mirrorWaiting, summary.data, locations, seenTypes],
  );
  // Folded on narrow screens until asked for: open, the filters took 640 of a phone's 844 px.
  const [open, setOpen] = useState(false);
  const id = useId();

  const multi = (
    name: Extract<ListFilter, "status" | "location_id" | "task_type">,
    label: string,
    any: string,
  ) => (
    <MultiSelect
      label={label}
      anyLabel={any}
      options={options[name]}
      selected={filters[name]}
      onChange={(values) => setFilters({ [name]: values })}
      waiting={mirrorWaiting}
      // Without the mirror the service takes one location or type; a status not even one.
      oneAtMost={name !== "status"}
      testId={`filter-${name}`}
    />
  );

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
        <TimeRangePicker filters={filters} window={state.window} zone={state.zone} onChange={setFilters} />
        {multi("status", "Status", "Any status")}
        {multi("location_id", "Location", "All locations")}
        {multi("task_type", "Task type", "Any task type")}
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
        <div className="flex flex-col gap-1">
          <TextFilter
            label="Search"
            value={filters.q}
            placeholder="Id, MVA, VIN, type, place"
            onCommit={(q) => setFilters({ q })}
            problemOf={(text) => (Array.from(text).length > 100 ? "At most 100 characters." : undefined)}
            waiting={mirrorWaiting}
          />
          <VehicleFromSearch q={filters.q} rows={rows} />
        </div>
        <button
          type="button"
          onClick={state.clearFilters}
          disabled={activeFilterCount(filters) === 0}
          className="rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
        >
          Clear filters
        </button>
      </form>
      {mirrorWaiting && (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="mirror-waiting">
          Status, several values at once, search and sorting by anything but Started alone: {mirrorWaiting}{" "}
          The rest works meanwhile.
        </p>
      )}
    </>
  );
}

/** The quick search names a vehicle (its id or MVA, as a loaded row has it): offer its page. */
function VehicleFromSearch({ q, rows }: { q: string | undefined; rows: readonly Task[] }) {
  const wanted = q?.toLowerCase();
  const task = wanted
    ? rows.find((row) => row.vehicle_id.toLowerCase() === wanted || row.mva.toLowerCase() === wanted)
    : undefined;
  if (!task) return null;
  return (
    <Link
      href={`/vehicles/${encodeURIComponent(task.vehicle_id)}`}
      prefetch={false}
      className="w-40 truncate text-xs underline"
      data-testid="search-vehicle-link"
    >
      Vehicle {task.vehicle_id}: history
    </Link>
  );
}

function identifierProblem(what: string) {
  return (text: string) => (isIdentifier(text) ? undefined : `${what} is ${IDENTIFIER_RULE}.`);
}
