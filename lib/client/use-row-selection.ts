"use client";
import { useCallback, useState } from "react";

// The rows picked for "Export selected". A selection belongs to one list (its query: filters, sort
// and time window): rows picked in another list are not what a person sees any more, so a new
// list starts with none, and `cleared` says a selection was dropped until the next pick. Scrolling
// and loading more rows keep it. The table changes it (row-selection.ts); the toolbar reads it.

export interface RowSelection {
  /** The picked tasks' ids. */
  ids: ReadonlySet<string>;
  /** The row last picked or unpicked: a Shift range starts there. */
  anchor: string | undefined;
  /** Every task the list matches, loaded or not (the loaded rows show as picked). */
  allMatching: boolean;
}

export const NO_SELECTION: RowSelection = { ids: new Set(), anchor: undefined, allMatching: false };

export interface RowSelectionState {
  selection: RowSelection;
  /** The list changed while rows were picked, and nothing was picked since. */
  cleared: boolean;
  change: (next: (current: RowSelection) => RowSelection) => void;
}

export function useRowSelection(list: string): RowSelectionState {
  const [held, setHeld] = useState({ list, selection: NO_SELECTION, cleared: false });
  // Dropped while rendering the new list (React's pattern for state that follows a prop), so no
  // frame shows the old list's picks beside the new rows.
  if (held.list !== list) {
    const picked = held.selection.allMatching || held.selection.ids.size > 0;
    setHeld({ list, selection: NO_SELECTION, cleared: picked });
  }
  const change = useCallback(
    (next: (current: RowSelection) => RowSelection) =>
      setHeld((current) =>
        current.list === list ? { list, selection: next(current.selection), cleared: false } : current,
      ),
    [list],
  );
  return { selection: held.selection, cleared: held.cleared, change };
}
