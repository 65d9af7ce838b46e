"use client";
import { createColumnHelper, flexRender, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { startedHeader } from "@/lib/csv/task-csv-columns";
import type { Task } from "@/lib/client/api-types";
import { COLUMN_LABELS, type ColumnId } from "@/lib/client/task-columns";
import { startedZoneName } from "@/lib/client/table-view";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// The grid's header row: TanStack Table holds the column model (visible columns in their URL
// order; column sizing builds on it), Started names the zone its times are in (as the exports'
// headers do) and flips the order the service sorts by. The body draws each cell from the task
// itself (task-columns.tsx): TanStack's Row objects, cached per row for the table's life, kept the
// cells of 20,000 scrolled rows in memory, so the table is given no rows.

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Task>();
const NO_ROWS: Task[] = [];

export function TaskTableHeader({
  state,
  gridTemplateColumns,
}: {
  state: TaskListState;
  gridTemplateColumns: string;
}) {
  // "My time" names the browser's zone, which only the browser knows (use-in-browser.ts).
  const inBrowser = useInBrowser();
  const { zone, columns: visible } = state.view;
  const started = startedHeader(zone === "local" && !inBrowser ? "my time" : startedZoneName(zone));
  const columns = useMemo(
    () =>
      column.columns(
        visible.map((id: ColumnId) =>
          column.display({ id, header: id === "started_at" ? started : COLUMN_LABELS[id] }),
        ),
      ),
    [visible, started],
  );
  const table = useTable({ features, columns, data: NO_ROWS });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const ascending = state.filters.order === "asc";
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-900">
      <div
        role="row"
        aria-rowindex={1}
        className="grid text-left text-sm font-semibold"
        style={{ gridTemplateColumns }}
      >
        {headers.map((header, index) => (
          <div
            key={header.id}
            role="columnheader"
            aria-colindex={index + 1}
            aria-sort={
              header.column.id === "started_at" ? (ascending ? "ascending" : "descending") : undefined
            }
            className="truncate px-2 py-2"
          >
            {header.column.id === "started_at" ? (
              <button
                type="button"
                title={`${started}: rows are in true time order across zones`}
                onClick={() => state.setFilters({ order: ascending ? "desc" : "asc" })}
                className="font-semibold hover:underline"
              >
                {flexRender(header.column.columnDef.header, header.getContext())}{" "}
                <span aria-hidden="true">{ascending ? "▲" : "▼"}</span>
              </button>
            ) : (
              flexRender(header.column.columnDef.header, header.getContext())
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
