"use client";
import { useQuery } from "@tanstack/react-query";
import { taskTypesLike } from "@/lib/client/seen-task-types";
import { KNOWN_TASK_TYPES } from "@/lib/task-format/task-labels";
import { describeFilters } from "@/lib/client/filter-words";
import { locationsQuery } from "@/lib/client/task-queries";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// What the grid says when no task matches. Loaded when a list first comes back empty (task-table.tsx),
// not with the tasks page.

/** No rows: say which filters are on and offer to clear them. */
export function EmptyState({ state }: { state: TaskListState }) {
  const locations = useQuery(locationsQuery);
  // Its code may come after the grid's: until it has hydrated, its buttons are the server's and
  // a click does nothing (tests wait for this mark).
  const hydrated = useInBrowser();
  const nameOf = (id: string) => locations.data?.find((location) => location.id === id)?.name;
  return (
    <div
      role="row"
      aria-rowindex={2}
      className="p-8 text-center"
      data-testid="empty-state"
      data-hydrated={hydrated || undefined}
    >
      <div role="gridcell">
        <p className="mb-3">
          No tasks match {describeFilters(state.filters, { location: nameOf }).join(", ")}.
        </p>
        <TaskTypeHint state={state} />
        <button
          type="button"
          onClick={state.clearFilters}
          className="rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Clear filters
        </button>
      </div>
    </div>
  );
}

/** The task type filter matches exactly: offer the seen types that the typed text is part of. */
function TaskTypeHint({ state }: { state: TaskListState }) {
  const typed = state.filters.task_type?.length === 1 ? state.filters.task_type[0] : undefined;
  const like = typed ? taskTypesLike(typed, KNOWN_TASK_TYPES).slice(0, 5) : [];
  if (like.length === 0) return null;
  return (
    <p className="mb-3 text-sm">
      Task types match exactly. Did you mean{" "}
      {like.map((type, index) => (
        <span key={type}>
          {index > 0 && (index === like.length - 1 ? " or " : ", ")}
          <button
            type="button"
            className="font-mono underline"
            onClick={() => state.setFilters({ task_type: [type] })}
          >
            {type}
          </button>
        </span>
      ))}
      ?
    </p>
  );
}
