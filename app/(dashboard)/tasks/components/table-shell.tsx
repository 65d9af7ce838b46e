"use client";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { PlainTableHeader } from "./plain-table-header";
import { SkeletonRows } from "./table-placeholders";
import { gridLayout, SELECT_COLUMN } from "./grid-layout";

// The grid's frame while its code loads (tasks-view.tsx): the columns named in their places and
// placeholder rows, as the grid itself shows them until the first page of rows arrives.
export function TableShell({ state }: { state: TaskListState }) {
  const { columns, widths, pinned } = state.view;
  const { template, minWidth } = gridLayout(columns, widths, pinned, SELECT_COLUMN);
  return (
    <div
      role="grid"
      aria-label="Tasks"
      aria-busy="true"
      aria-rowcount={-1}
      aria-colcount={columns.length + 1}
      className="relative min-h-60 flex-1 overflow-auto rounded border border-slate-300 dark:border-slate-700"
    >
      <div style={{ minWidth }}>
        <PlainTableHeader state={state} gridTemplateColumns={template} />
        <SkeletonRows columns={columns.length + 1} template={template} />
      </div>
    </div>
  );
}
