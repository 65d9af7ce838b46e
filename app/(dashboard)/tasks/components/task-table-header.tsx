"use client";
import { startedHeader } from "@/lib/csv/task-csv-columns";
import { COLUMN_LABELS, type ColumnId } from "@/lib/client/task-columns";
import { startedZoneName } from "@/lib/client/table-view";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// The grid's header row: the visible columns' labels, Started naming the zone its times are in
// (as the exports' headers do) and flipping the order the service sorts by.
export function TaskTableHeader({
  state,
  gridTemplateColumns,
}: {
  state: TaskListState;
  gridTemplateColumns: string;
}) {
  // "My time" names the browser's zone, which only the browser knows (use-in-browser.ts).
  const inBrowser = useInBrowser();
  const { zone } = state.view;
  const started = startedHeader(zone === "local" && !inBrowser ? "my time" : startedZoneName(zone));
  const ascending = state.filters.order === "asc";
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-900">
      <div
        role="row"
        aria-rowindex={1}
        className="grid text-left text-sm font-semibold"
        style={{ gridTemplateColumns }}
      >
        {state.view.columns.map((column: ColumnId, index) => (
          <div
            key={column}
            role="columnheader"
            aria-colindex={index + 1}
            aria-sort={column === "started_at" ? (ascending ? "ascending" : "descending") : undefined}
            className="truncate px-2 py-2"
          >
            {column === "started_at" ? (
              <button
                type="button"
                title={`${started}: rows are in true time order across zones`}
                onClick={() => state.setFilters({ order: ascending ? "desc" : "asc" })}
                className="font-semibold hover:underline"
              >
                {started} <span aria-hidden="true">{ascending ? "▲" : "▼"}</span>
              </button>
            ) : (
              COLUMN_LABELS[column]
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
