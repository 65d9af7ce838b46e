"use client";
import { memo } from "react";
import type { Task } from "@/lib/client/api-types";
import { pinnedCell, type PinnedPlaces } from "./pinned-columns";
import type { TaskCell } from "./task-columns";

export const ROW_HEIGHT = 36;

// One grid row. Memoised: while scrolling, the rows that stay in view are not rendered again,
// and the budget meter's polling does not re-render any of them. A new zone or column choice
// comes as new `cells`, which renders every row again.
export const TaskRow = memo(function TaskRow({
  task,
  cells,
  places,
  index,
  start,
  active,
  gridTemplateColumns,
  onActivate,
  onOpen,
}: {
  task: Task;
  cells: readonly TaskCell[];
  places: PinnedPlaces;
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
      data-task-id={task.id}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      // The skip link's target (tasks-view.tsx): the row a keyboard user is on.
      id={active ? "tasks-current-row" : undefined}
      onFocus={() => onActivate(index)}
      onClick={() => onOpen(index)}
      className="absolute left-0 top-0 grid w-full cursor-pointer items-center border-b border-slate-200 bg-white text-sm hover:bg-slate-50 focus:bg-blue-50 focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600 dark:border-slate-800 dark:bg-slate-950 dark:hover:bg-slate-900 dark:focus:bg-slate-800"
      style={{ gridTemplateColumns, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {cells.map((cell, column) => {
        const content = cell.render(task);
        const { style, className } = pinnedCell(places[cell.id]);
        return (
          // A cell cut short by its column still shows its whole text on hover.
          <div
            key={cell.id}
            role="gridcell"
            aria-colindex={column + 1}
            title={typeof content === "string" ? content : undefined}
            className={`truncate px-2 ${className}`}
            style={style}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
});
