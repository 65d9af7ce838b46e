"use client";
import { flexRender, type Row } from "@tanstack/react-table";
import { memo } from "react";
import type { Task } from "@/lib/client/api-types";
import type { taskTableFeatures } from "./task-columns";

export const ROW_HEIGHT = 36;

// One grid row. Memoised: while scrolling, the rows that stay in view are not rendered again,
// and the budget meter's polling does not re-render any of them.
export const TaskRow = memo(function TaskRow({
  row,
  index,
  start,
  active,
  gridTemplateColumns,
  onActivate,
  onOpen,
}: {
  /**
   * The column definitions in use. Unused in the body, but part of the memo's comparison: a new
   * zone builds new cell renderers while the row objects stay the same.
   */
  columns: unknown;
  row: Row<typeof taskTableFeatures, Task>;
  index: number;
  start: number;
  active: boolean;
  gridTemplateColumns: string;
  onActivate: (index: number) => void;
  onOpen: (index: number) => void;
}) {
  return (
    <div
      role="row"
      data-index={index}
      data-task-id={row.id}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      onFocus={() => onActivate(index)}
      onClick={() => onOpen(index)}
      className="absolute left-0 top-0 grid w-full cursor-pointer items-center border-b border-slate-200 text-sm hover:bg-slate-50 focus:bg-blue-50 focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600 dark:border-slate-800 dark:hover:bg-slate-900 dark:focus:bg-slate-800"
      style={{ gridTemplateColumns, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {row.getVisibleCells().map((cell, column) => (
        <div key={cell.id} role="gridcell" aria-colindex={column + 1} className="truncate px-2">
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </div>
      ))}
    </div>
  );
});
