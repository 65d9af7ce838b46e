"use client";
import { NO_SELECTION, type RowSelectionState } from "@/lib/client/use-row-selection";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * How many rows are picked, read out as it changes; and, as in Gmail, once every loaded row is
 * picked and more match, the offer to pick every matching task ("Export selected" then exports
 * them all), which turns into "Clear selection". In the status line, which is there already, so
 * picking a row never moves the table under the pointer.
 */
export function SelectionStatus({
  selection: { selection, cleared, change },
  picked,
  loaded,
  total,
  more,
}: {
  selection: RowSelectionState;
  /** How many loaded rows are picked. */
  picked: number;
  loaded: number;
  /** Every matching task, when the list is counted (from the mirror). */
  total: number | null;
  /** More rows match than are loaded. */
  more: boolean;
}) {
  const { allMatching } = selection;
  const matching = total === null ? "matching tasks" : `${count(total)} matching tasks`;
  const everyLoaded = !allMatching && picked > 0 && picked === loaded && more;
  const words = allMatching
    ? `All ${matching} selected.`
    : everyLoaded
      ? `All ${count(picked)} loaded rows selected.`
      : picked > 0
        ? `${count(picked)} selected`
        : cleared
          ? "Selection cleared: the list changed."
          : "";
  const clear = () => {
    change(() => NO_SELECTION);
    // The button goes with the selection: the focus goes back to the table's current row.
    document.getElementById("tasks-current-row")?.focus();
  };
  return (
    <>
      {/* Always there, so the first words are read out; out of the line's flow while empty. */}
      <span role="status" data-testid="selection-status" className={words ? "" : "sr-only"}>
        {words}
      </span>
      {(allMatching || everyLoaded) && (
        <button
          type="button"
          onClick={allMatching ? clear : () => change((current) => ({ ...current, allMatching: true }))}
          className="rounded border border-slate-400 px-2 py-0.5 text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {allMatching ? "Clear selection" : `Select all ${matching}`}
        </button>
      )}
    </>
  );
}
