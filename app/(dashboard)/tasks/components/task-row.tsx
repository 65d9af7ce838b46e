"use client";
import { memo } from "react";
import type { Task } from "@/lib/client/api-types";
import { pinnedCell, type GridPlaces } from "./pinned-columns";
import type { TaskCell } from "./task-columns";

export const ROW_HEIGHT = 36;

// One grid row. Memoised: while scrolling, the rows that stay in view are not rendered again,
// and the budget meter's polling does not re-render any of them. A new zone or column choice
// comes as new `cells`, which renders every row again; a pick renders the rows it changes.
export const TaskRow = memo(function TaskRow({
  task,
  cells,
  places,
  index,
  start,
  holdsTabStop,
  selected,
  gridTemplateColumns,
  onActivate,
  onOpen,
  onSelect,
}: {
  task: Task;
  cells: readonly TaskCell[];
  /** Where the pinned columns stick, the checkboxes' column first. */
  places: GridPlaces;
  index: number;
  start: number;
  /** The grid's one tab stop (row-tab-stop.ts): the others are reached with the arrow keys. */
  holdsTabStop: boolean;
  selected: boolean;
  gridTemplateColumns: string;
  onActivate: (index: number) => void;
  onOpen: (index: number) => void;
  /** The row's checkbox was clicked; `range` with Shift. */
  onSelect: (index: number, range: boolean) => void;
}) {
  const lead = pinnedCell(places.lead);
  return (
    <div
      role="row"
      data-index={index}
      data-task-id={task.id}
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={holdsTabStop ? 0 : -1}
      // The skip link's target (tasks-view.tsx): where a keyboard user enters the grid.
      id={holdsTabStop ? "tasks-current-row" : undefined}
      onFocus={() => onActivate(index)}
      onClick={(event) => {
        // A link's click with Ctrl, Cmd, Shift or Alt is the browser's (a new tab or window, a
        // download): the row is not opened here as well.
        const onLink = event.target instanceof Element && event.target.closest("a") !== null;
        if (onLink && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return;
        onOpen(index);
      }}
      className="absolute left-0 top-0 grid w-full cursor-pointer items-center border-b border-slate-200 bg-white text-sm hover:bg-slate-50 focus:bg-blue-50 focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600 aria-selected:bg-sky-100 dark:border-slate-800 dark:bg-slate-950 dark:hover:bg-slate-900 dark:focus:bg-slate-800 dark:aria-selected:bg-sky-950"
      style={{ gridTemplateColumns, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {/* The row's header: its checkbox names the task. The whole cell is the box's target, and it
          picks the row rather than opening it; the row keeps the focus, where Space picks too. */}
      <div
        role="rowheader"
        aria-colindex={1}
        className={`flex h-full cursor-default items-center justify-center ${lead.className}`}
        style={lead.style}
        onMouseDown={(event) => {
          // No text selected by a Shift-click, and the focus on the row rather than the box.
          event.preventDefault();
          event.currentTarget.parentElement?.focus({ preventScroll: true });
        }}
        onClick={(event) => {
          event.stopPropagation();
          onSelect(index, event.shiftKey);
        }}
      >
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          // The cell's click changes it, with or without Shift: one handler for the box and the
          // room around it.
          onChange={noChange}
          aria-label={`Select task ${task.id}`}
          className="size-4 accent-blue-700"
        />
      </div>
      {cells.map((cell, column) => {
        const content = cell.render(task);
        const { style, className } = pinnedCell(places.columns[cell.id]);
        return (
          // A cell cut short by its column still shows its whole text on hover.
          <div
            key={cell.id}
            role="gridcell"
            aria-colindex={column + 2}
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

const noChange = () => {};
