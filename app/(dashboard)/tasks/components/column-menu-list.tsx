"use client";
import type { RefObject } from "react";
import type { TableView } from "@/lib/client/table-view";
import { useMenuDismissal } from "@/lib/client/use-menu-dismissal";
import { COLUMN_IDS, COLUMN_LABELS, type ColumnId } from "@/lib/task-format/task-columns";

// The open column menu (column-menu.tsx). Hidden columns keep their place at the end of the list,
// so showing one again puts it back where a person expects. A visible column can be pinned at the
// left of the grid (hiding it unpins it: use-task-list-state.ts's setView). It closes like a menu:
// Esc (focus goes back to its button) or a click anywhere else.
export function ColumnMenuList({
  columns,
  pinned,
  onChange,
  menu,
  button,
  close,
}: {
  columns: readonly ColumnId[];
  pinned: readonly ColumnId[];
  onChange: (change: Partial<TableView>) => void;
  menu: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
  close: () => void;
}) {
  useMenuDismissal({ menu, button, close });

  const hidden = COLUMN_IDS.filter((column) => !columns.includes(column));
  const all = [...columns, ...hidden];

  function toggle(column: ColumnId) {
    if (columns.includes(column)) {
      if (columns.length > 1) onChange({ columns: columns.filter((visible) => visible !== column) });
    } else {
      onChange({ columns: [...columns, column] });
    }
  }

  function togglePin(column: ColumnId) {
    onChange({
      pinned: pinned.includes(column) ? pinned.filter((id) => id !== column) : [...pinned, column],
    });
  }

  function move(column: ColumnId, by: -1 | 1) {
    const index = columns.indexOf(column);
    const target = index + by;
    if (index < 0 || target < 0 || target >= columns.length) return;
    const next = [...columns];
    [next[index], next[target]] = [next[target] as ColumnId, column];
    onChange({ columns: next });
  }

  return (
    <ul
      aria-label="Columns"
      className="absolute z-20 mt-1 w-80 rounded border border-slate-300 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {all.map((column) => {
        const index = columns.indexOf(column);
        const isPinned = pinned.includes(column);
        const pinLabel = `${isPinned ? "Unpin" : "Pin"} the ${COLUMN_LABELS[column]} column`;
        return (
          <li key={column} className="flex items-center gap-2 py-0.5">
            <label className="flex flex-1 items-center gap-2">
              <input
                type="checkbox"
                aria-label={`${COLUMN_LABELS[column]} column`}
                checked={index >= 0}
                disabled={index >= 0 && columns.length === 1}
                onChange={() => toggle(column)}
              />
              {COLUMN_LABELS[column]}
            </label>
            {/* A hidden column cannot be pinned: there is nothing to keep in place. */}
            <button
              type="button"
              aria-label={pinLabel}
              title={index < 0 ? "Show the column to pin it" : pinLabel}
              disabled={index < 0}
              onClick={() => togglePin(column)}
              className="rounded px-1 text-xs hover:bg-slate-100 disabled:opacity-30 dark:hover:bg-slate-800"
            >
              {isPinned ? "Unpin" : "Pin"}
            </button>
            {/* The columns stand left to right in the table, so the arrows point that way too. The
                pinned ones stand first: a column moves among the pinned, or among the others. */}
            <MoveButton
              label={`Move the ${COLUMN_LABELS[column]} column left`}
              symbol="←"
              disabled={index <= 0 || index === pinned.length}
              onClick={() => move(column, -1)}
            />
            <MoveButton
              label={`Move the ${COLUMN_LABELS[column]} column right`}
              symbol="→"
              disabled={index < 0 || index === columns.length - 1 || index === pinned.length - 1}
              onClick={() => move(column, 1)}
            />
          </li>
        );
      })}
    </ul>
  );
}

function MoveButton({
  label,
  symbol,
  disabled,
  onClick,
}: {
  label: string;
  symbol: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded px-1 hover:bg-slate-100 disabled:opacity-30 dark:hover:bg-slate-800"
    >
      {symbol}
    </button>
  );
}
