import type { ColumnId } from "@/lib/task-format/task-columns";
import type { ColumnWidths } from "@/lib/client/table-view";

// The grid's column widths, apart from how cells are drawn (task-columns.tsx): the frame
// shown while the grid's code loads (table-shell.tsx) needs these alone, so the cells' code (links,
// badges, time formats) stays out of /tasks's first load.

/**
 * Column widths in the CSS grid: a minimum in rem, and a share of the room left over (none for
 * fixed columns). Times and ids need room, badges little. The minimums add up to 75.5rem (1,208 px),
 * and 77.5rem (1,240 px) with the checkboxes' column, so all nine columns fit a 1280-px screen
 * without scrolling sideways.
 */
const COLUMN_WIDTHS: Record<ColumnId, { minRem: number; share?: number }> = {
  // "2026-11-25 10:33 UTC+11:00": location time carries its offset (about 12.5rem with padding).
  started_at: { minRem: 13, share: 1.2 },
  task_type: { minRem: 8, share: 1 },
  // "in progress", the longest badge: 5.75rem with padding.
  status: { minRem: 6 },
  mva: { minRem: 6.5 },
  vehicle_id: { minRem: 6.5, share: 0.8 },
  vin: { minRem: 11, share: 1 },
  location: { minRem: 8, share: 1.2 },
  // "Odometer (mi)" and the sort's arrow beside it.
  odometer_miles: { minRem: 8.5 },
  id: { minRem: 8, share: 1 },
};

/** The root font size the rem minimums are counted in where pixels are needed. */
const REM_PX = 16;

export interface FixedWidth {
  css: string;
  px: number;
}

/** The column of the rows' selection checkboxes, before the data columns (task-row.tsx). */
export const SELECT_COLUMN: FixedWidth = { css: "2rem", px: 2 * REM_PX };

/**
 * The width of a column that takes no share of the room left: the width a person dragged it to, or
 * its minimum. Pinned columns are fixed so that where each sticks is known without measuring.
 */
export function fixedWidth(id: ColumnId, sized: ColumnWidths): FixedWidth {
  const px = sized[id];
  const { minRem } = COLUMN_WIDTHS[id];
  return px === undefined ? { css: `${minRem}rem`, px: minRem * REM_PX } : { css: `${px}px`, px };
}

/**
 * The grid's `grid-template-columns` for these columns (after `lead`, if given), and the width below
 * which it scrolls. A column a person resized, or pinned, has a fixed width; the others keep their
 * minimum and share.
 */
export function gridLayout(
  visible: readonly ColumnId[],
  sized: ColumnWidths = {},
  pinned: readonly ColumnId[] = [],
  lead?: FixedWidth,
): { template: string; minWidth: string } {
  const leading = lead ? [{ track: lead.css, min: lead.css }] : [];
  const tracks = leading.concat(
    visible.map((id) => {
      const { minRem, share } = COLUMN_WIDTHS[id];
      if (sized[id] !== undefined || pinned.includes(id) || !share) {
        const { css } = fixedWidth(id, sized);
        return { track: css, min: css };
      }
      return { track: `minmax(${minRem}rem,${share}fr)`, min: `${minRem}rem` };
    }),
  );
  return {
    template: tracks.map(({ track }) => track).join(" "),
    minWidth: `calc(${tracks.map(({ min }) => min).join(" + ") || "0px"})`,
  };
}
