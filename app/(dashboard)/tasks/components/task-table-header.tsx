"use client";
import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  flexRender,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useId, useMemo, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { flushSync } from "react-dom";
import { startedHeader } from "@/lib/task-format/started-header";
import type { Task } from "@/lib/client/api-types";
import { COLUMN_LABELS, type ColumnId } from "@/lib/task-format/task-columns";
import { isSortKey, type SortKey } from "@/lib/client/task-filters";
import { sortAfterClick } from "@/lib/client/table-sort";
import { MAX_COLUMN_PX, MIN_COLUMN_PX, startedZoneName, type ColumnWidths } from "@/lib/client/table-view";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { pinnedCell, type GridPlaces } from "./pinned-columns";
import { useDrawnWidths } from "./use-drawn-widths";

// The grid's header row: TanStack Table holds the column model (visible columns in their URL
// order, the pinned ones first) and its column sizing: dragging a header's edge (or arrow keys on
// it) sets that column's width, kept in the URL and this browser with the rest of the view; a pinned
// column's header sticks at the left as its cells do. Every column the API can sort
// by sorts on the server when its name is clicked, or is added to the sort with Shift
// (table-sort.ts); with several keys each sorted header shows its place among them. The body
// draws each cell from the task itself (task-columns.tsx): TanStack's Row objects, cached per row
// for the table's life, kept the cells of 20,000 scrolled rows in memory, so the table is given no
// rows. Before the columns, outside their model as the rows' checkboxes are: the box that picks
// every loaded row (checked when all are, mixed when some are).

const features = tableFeatures({ columnSizingFeature, columnResizingFeature });
const column = createColumnHelper<typeof features, Task>();
const NO_ROWS: Task[] = [];
/** One arrow key press on a column's edge, in CSS pixels. */
const KEY_STEP_PX = 16;

export function TaskTableHeader({
  state,
  places,
  gridTemplateColumns,
  widths,
  onWidthsChange,
  onResizeEnd,
  sortBlocked,
  picked,
  onPickAll,
}: {
  state: TaskListState;
  /** Where the pinned columns stick, as the body's cells do: the checkboxes' column first. */
  places: GridPlaces;
  gridTemplateColumns: string;
  /** The widths shown now: while a person drags, ahead of the URL. */
  widths: ColumnWidths;
  /** Applies a change to the latest widths (several may come between two renders while dragging). */
  onWidthsChange: (change: ColumnWidths | ((old: ColumnWidths) => ColumnWidths)) => void;
  /** A drag (or key press) ended: the latest widths are to be remembered. */
  onResizeEnd: () => void;
  /** Why sorting by another column than Started has to wait (the mirror is filling), if it does. */
  sortBlocked: string | undefined;
  /** How many of the loaded rows are picked: the header's checkbox is checked, mixed or clear. */
  picked: "all" | "some" | "none";
  /** The header's checkbox: every loaded row, or none when all are. */
  onPickAll: () => void;
}) {
  // "My time" names the browser's zone, which only the browser knows (use-in-browser.ts).
  const inBrowser = useInBrowser();
  const { zone, columns: visible } = state.view;
  const started = startedHeader(zone === "local" && !inBrowser ? "my time" : startedZoneName(zone));
  const columns = useMemo(
    () =>
      column.columns(
        visible.map((id: ColumnId) =>
          column.display({
            id,
            header: id === "started_at" ? started : COLUMN_LABELS[id],
            minSize: MIN_COLUMN_PX,
            maxSize: MAX_COLUMN_PX,
          }),
        ),
      ),
    [visible, started],
  );
  const table = useTable({
    features,
    columns,
    data: NO_ROWS,
    columnResizeMode: "onChange",
    state: { columnSizing: widths },
    onColumnSizingChange: (updater) =>
      onWidthsChange((old) => (typeof updater === "function" ? updater(old) : updater)),
    // The table keeps the drag's own state; its end is when the new widths are remembered.
    onColumnResizingChange: (updater) => {
      const before = table.baseAtoms.columnResizing.get();
      const next = typeof updater === "function" ? updater(before) : updater;
      table.baseAtoms.columnResizing.set(next);
      if (before.isResizingColumn !== false && next.isResizingColumn === false) onResizeEnd();
    },
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const headerRow = useRef<HTMLDivElement>(null);
  const drawn = useDrawnWidths(headerRow, visible);
  const lead = pinnedCell(places.lead);
  const { sort } = state.filters;
  const descriptionId = useId();

  const clickSort = (key: SortKey, adding: boolean) =>
    state.setFilters({ sort: sortAfterClick(sort, key, adding) });

  // Not every browser says Shift on the click a key press makes, so Shift+Enter and Shift+Space
  // are taken here, and the click they would make is prevented.
  const addSortByKey = (key: SortKey, event: KeyboardEvent<HTMLButtonElement>) => {
    if (!event.shiftKey || (event.key !== "Enter" && event.key !== " ")) return;
    // The grid's own keys (Enter opens the current row) are not for a header's button.
    event.preventDefault();
    event.stopPropagation();
    clickSort(key, true);
  };

  /**
   * Before a drag: the column's drawn width becomes its size, rendered at once (flushSync), so the
   * drag starts from where the edge is rather than from the table's default size.
   */
  const pinWidth = (id: string, element: HTMLElement | null) => {
    const cell = element?.closest<HTMLElement>("[role=columnheader]");
    if (!cell || widths[id as ColumnId] !== undefined) return;
    const width = Math.round(cell.getBoundingClientRect().width);
    flushSync(() => onWidthsChange((old) => ({ ...old, [id]: width })));
  };

  const resizeByKey = (id: ColumnId, event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === "ArrowRight" ? KEY_STEP_PX : event.key === "ArrowLeft" ? -KEY_STEP_PX : 0;
    if (step === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const cell = event.currentTarget.closest<HTMLElement>("[role=columnheader]");
    const shownPx = Math.round(cell?.getBoundingClientRect().width ?? MIN_COLUMN_PX);
    onWidthsChange((old) => ({ ...old, [id]: (old[id] ?? shownPx) + step }));
    onResizeEnd();
  };

  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-900">
      <div
        ref={headerRow}
        role="row"
        aria-rowindex={1}
        className="grid bg-inherit text-left text-sm font-semibold"
        style={{ gridTemplateColumns }}
      >
        <div
          role="rowheader"
          aria-colindex={1}
          className={`flex items-center justify-center ${lead.className}`}
          style={lead.style}
        >
          <input
            type="checkbox"
            aria-label="Select all loaded rows"
            checked={picked === "all"}
            // "Mixed" is a property of the element only, with no attribute for React to write.
            ref={(box) => {
              if (box) box.indeterminate = picked === "some";
            }}
            onChange={onPickAll}
            className="size-4 accent-blue-700"
          />
        </div>
        {headers.map((header, index) => {
          const id = header.column.id as ColumnId;
          const sortable = isSortKey(id);
          const position = sortable ? sort.findIndex((term) => term.key === id) : -1;
          const term = sort[position];
          const label = flexRender(header.column.columnDef.header, header.getContext());
          const blocked = sortable && id !== "started_at" && !term ? sortBlocked : undefined;
          const direction = term?.order === "asc" ? "ascending" : "descending";
          // Only one header may carry aria-sort: the others of a multi-key sort say their place.
          const ranked = term !== undefined && sort.length > 1;
          const pin = pinnedCell(places.columns[id]);
          // What the edge says is where it is drawn: the width a person set, else the measured one
          // (the table's own default size is drawn nowhere). Until a shared column is measured its
          // edge has no place to tell, and so is not yet offered to the keyboard: a separator one
          // can focus must say where it stands.
          const width = widths[id] ?? drawn[id];
          return (
            <div
              key={header.id}
              role="columnheader"
              aria-colindex={index + 2}
              aria-sort={term && position === 0 ? direction : undefined}
              className={`relative flex min-w-0 items-center px-2 py-2 ${pin.className}`}
              style={pin.style}
              data-column={id}
            >
              {sortable ? (
                <button
                  type="button"
                  title={
                    blocked ??
                    (id === "started_at"
                      ? `${started}: rows are in true time order across zones`
                      : `Sort by ${COLUMN_LABELS[id]}`) + " (Shift-click: add to the sort)"
                  }
                  disabled={blocked !== undefined}
                  aria-describedby={ranked ? `${descriptionId}-${id}` : undefined}
                  onClick={(event) => clickSort(id, event.shiftKey)}
                  onKeyDown={(event) => addSortByKey(id, event)}
                  className="truncate text-left font-semibold hover:underline disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:no-underline"
                >
                  {label}
                  {term && (
                    <span aria-hidden="true" data-testid={`sort-badge-${id}`}>
                      {" "}
                      {term.order === "asc" ? "▲" : "▼"}
                      {ranked && <sup>{position + 1}</sup>}
                    </span>
                  )}
                </button>
              ) : (
                <span className="truncate" title={`${COLUMN_LABELS[id]}: the API does not sort by it`}>
                  {label}
                </span>
              )}
              <span
                role="separator"
                aria-orientation="vertical"
                aria-label={`Resize ${COLUMN_LABELS[id]}`}
                aria-valuenow={width === undefined ? undefined : Math.round(width)}
                aria-valuemin={MIN_COLUMN_PX}
                aria-valuemax={MAX_COLUMN_PX}
                tabIndex={width === undefined ? undefined : 0}
                data-testid={`resize-${id}`}
                onPointerDown={(event: PointerEvent<HTMLSpanElement>) => {
                  pinWidth(id, event.currentTarget);
                  header.getResizeHandler()(event);
                }}
                onKeyDown={(event) => resizeByKey(id, event)}
                // Back to sharing the room with the other columns.
                onDoubleClick={() => {
                  onWidthsChange((old) =>
                    Object.fromEntries(Object.entries(old).filter(([key]) => key !== id)),
                  );
                  onResizeEnd();
                }}
                className="absolute right-0 top-0 h-full w-2 cursor-col-resize touch-none select-none border-r-2 border-transparent hover:border-blue-600 focus:border-blue-600 focus:outline-none"
              />
            </div>
          );
        })}
      </div>
      {/* Read out through aria-describedby only: hidden, and apart from the headers' own text. */}
      {sort.length > 1 && (
        <div hidden>
          {sort.map((term, position) => (
            <span key={term.key} id={`${descriptionId}-${term.key}`}>
              Sort key {position + 1} of {sort.length}, {term.order === "asc" ? "ascending" : "descending"}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
