import type { Task } from "./api-types";
import type { RowSelection } from "./use-row-selection";

// What a click or a key on the task grid does to the picked rows (use-row-selection.ts holds them).
// Touching a row while every matching task is picked narrows the pick to the loaded rows first, as
// Gmail does: the rows not loaded cannot be shown as picked or unpicked one by one.

export const isPicked = (selection: RowSelection, id: string) =>
  selection.allMatching || selection.ids.has(id);

function loadedPicks(selection: RowSelection, rows: readonly Task[]): Set<string> {
  return new Set(selection.allMatching ? rows.map((row) => row.id) : selection.ids);
}

/** A click on a row's checkbox, or Space on the row: that row flips, and a range starts there. */
export function toggleRow(selection: RowSelection, rows: readonly Task[], index: number): RowSelection {
  const id = rows[index]?.id;
  if (id === undefined) return selection;
  const ids = loadedPicks(selection, rows);
  if (!ids.delete(id)) ids.add(id);
  return { ids, anchor: id, allMatching: false };
}

/**
 * Shift-click or Shift+Space: the rows from the last one toggled to this one take this one's new
 * state (picking it picks them all, unpicking it unpicks them). A toggle when that row is gone.
 */
export function toggleRange(selection: RowSelection, rows: readonly Task[], index: number): RowSelection {
  const target = rows[index];
  const from = rows.findIndex((row) => row.id === selection.anchor);
  if (!target || from < 0) return toggleRow(selection, rows, index);
  return setRange(selection, rows, from, index, !isPicked(selection, target.id));
}

/** Shift with a move key: the row left and every row passed over to the one reached are picked. */
export function extendRange(selection: RowSelection, rows: readonly Task[], from: number, to: number) {
  return setRange(selection, rows, from, to, true);
}

function setRange(
  selection: RowSelection,
  rows: readonly Task[],
  from: number,
  to: number,
  picked: boolean,
): RowSelection {
  const ids = loadedPicks(selection, rows);
  for (const row of rows.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (picked) ids.add(row.id);
    else ids.delete(row.id);
  }
  return { ids, anchor: rows[to]?.id, allMatching: false };
}

/** The header's checkbox (or Ctrl+A): every loaded row. */
export function pickLoaded(selection: RowSelection, rows: readonly Task[]): RowSelection {
  return { ids: new Set(rows.map((row) => row.id)), anchor: selection.anchor, allMatching: false };
}
