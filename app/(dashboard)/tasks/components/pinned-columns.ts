import type { CSSProperties } from "react";
import type { ColumnId } from "@/lib/task-format/task-columns";
import type { ColumnWidths } from "@/lib/client/table-view";
import { fixedWidth, SELECT_COLUMN, type FixedWidth } from "./grid-layout";

// Where the pinned columns stick while the grid scrolls sideways: each at the left edge plus the
// widths of the columns before it, the rows' checkboxes first of all. They stand first
// (table-view.ts), at fixed widths (grid-layout.ts).

/** Past this share of the grid's width, pinned columns would leave too little room to scroll. */
const MOST_PINNED_SHARE = 0.6;

export interface PinnedPlace {
  /** The cell's CSS `left` while it sticks. */
  left: string;
  /** The last pinned column, whose edge shows where the scrolling columns pass under. */
  edge: boolean;
}

export type PinnedPlaces = Partial<Record<ColumnId, PinnedPlace>>;

/**
 * The places of the pinned columns, given in the order they stand, after the `lead` column (which
 * always sticks, at 0). On a grid too narrow for them (more than MOST_PINNED_SHARE of `gridWidthPx`,
 * a phone with two pinned columns) none sticks: they stand first and scroll like the others, and
 * the view keeps them pinned for a wider screen. A width of 0 is a grid not measured yet (the
 * server's render), which pins as asked.
 */
export function pinnedPlaces(
  pinned: readonly ColumnId[],
  sized: ColumnWidths,
  gridWidthPx: number,
  lead?: FixedWidth,
): PinnedPlaces {
  const leading = lead ? [lead] : [];
  const widths = pinned.map((id) => fixedWidth(id, sized));
  const totalPx = [...leading, ...widths].reduce((sum, { px }) => sum + px, 0);
  if (gridWidthPx > 0 && totalPx > gridWidthPx * MOST_PINNED_SHARE) return {};
  return Object.fromEntries(
    pinned.map((id, index) => {
      const before = [...leading, ...widths.slice(0, index)].map(({ css }) => css);
      const left = before.length > 0 ? `calc(${before.join(" + ")})` : "0px";
      return [id, { left, edge: index === pinned.length - 1 }];
    }),
  );
}

/**
 * How a header or body cell of `place` sticks: above the cells scrolling under it, opaque in its
 * row's own colour (hover and focus included), the last one edged. Nothing for a scrolling column.
 */
export function pinnedCell(place: PinnedPlace | undefined): { style?: CSSProperties; className: string } {
  if (!place) return { className: "" };
  return {
    style: { position: "sticky", left: place.left, zIndex: 1 },
    className: place.edge ? `bg-inherit ${PINNED_EDGE}` : "bg-inherit",
  };
}

const PINNED_EDGE =
  "border-r border-slate-300 shadow-[4px_0_6px_-4px_rgb(0_0_0/0.35)] dark:border-slate-600 dark:shadow-[4px_0_6px_-4px_rgb(0_0_0/0.9)]";

/** Where the checkboxes' column and the pinned columns after it stick. */
export interface GridPlaces {
  /** The checkboxes' column: always at the left edge, edged when no pinned column follows. */
  lead: PinnedPlace;
  columns: PinnedPlaces;
}

export function gridPlaces(
  pinned: readonly ColumnId[],
  sized: ColumnWidths,
  gridWidthPx: number,
): GridPlaces {
  const columns = pinnedPlaces(pinned, sized, gridWidthPx, SELECT_COLUMN);
  return { lead: { left: "0px", edge: Object.keys(columns).length === 0 }, columns };
}
