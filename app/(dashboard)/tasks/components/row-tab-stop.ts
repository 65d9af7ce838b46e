// Which row holds the grid's one tab stop, the skip link's target (tasks-view.tsx). Only rows near
// the view are in the DOM (the grid is virtual): a wheel scroll, or back and forward restoring a list
// deep down, can leave the active row far from them, and the grid would have no stop at all.

/** A row the virtualizer renders: its index and its top, in the grid's scroll offset. */
interface RenderedRow {
  index: number;
  start: number;
}

/**
 * The active row while it is rendered (a keyboard user's row stays theirs, however the list
 * scrolls around it); else the first row shown whole below the sticky header, where the view
 * begins. The active row is not moved by this: focusing the row that holds the stop makes it the
 * active one. Undefined while no row is rendered.
 */
export function tabStopRow(
  active: number,
  rendered: readonly RenderedRow[],
  scrollOffset: number,
): number | undefined {
  if (rendered.some((row) => row.index === active)) return active;
  return (rendered.find((row) => row.start >= scrollOffset) ?? rendered[0])?.index;
}
