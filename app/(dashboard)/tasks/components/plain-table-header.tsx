"use client";
import { startedHeader } from "@/lib/task-format/started-header";
import { COLUMN_LABELS } from "@/lib/task-format/task-columns";
import { startedZoneName } from "@/lib/client/table-view";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// The header's names alone, in the same boxes, while the working header (task-table-header.tsx)
// loads: the columns keep their names and places meanwhile. "My time" is named as such: only the
// browser knows its zone, and this may be rendered on the server.
export function PlainTableHeader({
  state,
  gridTemplateColumns,
}: {
  state: TaskListState;
  gridTemplateColumns: string;
}) {
  const { zone, columns } = state.view;
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-900">
      <div
        role="row"
        aria-rowindex={1}
        className="grid text-left text-sm font-semibold"
        style={{ gridTemplateColumns }}
      >
        {/* The checkboxes' column, whose box comes with the working header. */}
        <div />
        {columns.map((id, index) => (
          <div key={id} role="columnheader" aria-colindex={index + 2} className="truncate px-2 py-2">
            {id === "started_at"
              ? startedHeader(zone === "local" ? "my time" : startedZoneName(zone))
              : COLUMN_LABELS[id]}
          </div>
        ))}
      </div>
    </div>
  );
}
