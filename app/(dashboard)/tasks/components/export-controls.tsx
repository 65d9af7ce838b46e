"use client";
import { lazy, Suspense, useState } from "react";
import type { Task } from "@/lib/client/api-types";
import type { ExportFormat } from "@/lib/client/export-download";
import type { BudgetReading } from "@/lib/client/export-waiting";
import { saveFile } from "@/lib/client/save-file";
import { startedZoneName } from "@/lib/client/table-view";
import { useExportAll } from "@/lib/client/use-export-all";
import type { ShownRows } from "@/lib/client/visible-rows-export";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// What exports need is loaded when a person first exports, not with the tasks page, whose
// first-load JavaScript has a budget. React's lazy rather than next/dynamic, whose loader would
// itself add to the page.
const ExportProgressPanel = lazy(() =>
  import("./export-progress").then((module) => ({ default: module.ExportProgressPanel })),
);

const BUTTON =
  "rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800";
/** On a phone, "visible (100)" with the verb left to screen readers: "Visible (100)". */
const EXPORT_BUTTON = `${BUTTON} max-sm:capitalize`;

export function ExportControls({
  state,
  rows,
  picked,
  allMatching,
  total,
  zoneOf,
  locationZoneOf,
  budget,
  fromMirror,
}: {
  /** Who answered the list: the export of the same filters is answered by the same. */
  fromMirror: boolean;
  state: TaskListState;
  rows: readonly Task[];
  /** The loaded rows picked, in the table's order. */
  picked: readonly Task[];
  /** Every matching task is picked: "Export selected" is "Export all matching". */
  allMatching: boolean;
  /** Every matching task, when the list is counted. */
  total: number | null;
  zoneOf: (task: Task) => string;
  locationZoneOf: (task: Task) => string | undefined;
  budget: BudgetReading | undefined;
}) {
  const exportAll = useExportAll();
  const running = exportAll.progress.phase === "running";
  const [writingShown, setWritingShown] = useState(false);
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [shownProblem, setShownProblem] = useState<string | undefined>(undefined);

  // The rows as they are at the click: pages that arrive meanwhile belong to the next export.
  async function exportShown(which: ShownRows, shown: readonly Task[]) {
    setWritingShown(true);
    setShownProblem(undefined);
    try {
      if (format === "xlsx") await exportShownWorkbook(which, shown);
      else await exportShownCsv(which, shown);
    } catch (error) {
      setShownProblem(error instanceof Error ? error.message : "The export failed.");
    } finally {
      setWritingShown(false);
    }
  }

  // The server writes the workbook from the rows' ids: the page holds no spreadsheet code.
  async function exportShownWorkbook(which: ShownRows, shown: readonly Task[]) {
    const { visibleRowsXlsx, visibleRowsXlsxName } = await import("@/lib/client/visible-rows-xlsx");
    const zone = state.view.zone === "location" ? "location" : startedZoneName(state.view.zone);
    const blob = await visibleRowsXlsx(shown, state.view.columns, zone, which);
    saveFile(blob, visibleRowsXlsxName(state, new Date(), which));
  }

  async function exportShownCsv(which: ShownRows, shown: readonly Task[]) {
    const { visibleRowsCsv, visibleRowsFileName } = await import("@/lib/client/visible-rows-export");
    const zones = {
      startedName: startedZoneName(state.view.zone),
      started: zoneOf,
      location: locationZoneOf,
    };
    const parts = await visibleRowsCsv(shown, state.view.columns, zones);
    saveFile(
      new Blob(parts, { type: "text/csv;charset=utf-8" }),
      visibleRowsFileName(state, new Date(), which),
    );
  }

  const exportAllMatching = () => exportAll.start(state.query, fromMirror, format, state);
  const nonePicked = !allMatching && picked.length === 0;
  const exportSelected = () => {
    if (nonePicked || writingShown || running) return;
    if (allMatching) exportAllMatching();
    else void exportShown("selected", picked);
  };
  const pickedCount = allMatching
    ? (total?.toLocaleString("en-US") ?? "all")
    : picked.length.toLocaleString("en-US");

  return (
    <div className="relative ml-auto flex flex-wrap items-center gap-2">
      {/* One choice for every button: a person exporting wants one kind of file. */}
      <select
        aria-label="Export format"
        data-testid="export-format"
        className="rounded border border-slate-400 bg-transparent px-1 py-1 text-sm"
        value={format}
        onChange={(event) => setFormat(event.target.value === "xlsx" ? "xlsx" : "csv")}
      >
        <option value="csv">CSV</option>
        <option value="xlsx">XLSX</option>
      </select>
      <button
        type="button"
        className={EXPORT_BUTTON}
        disabled={rows.length === 0 || writingShown}
        onClick={() => void exportShown("visible", rows)}
      >
        {/* On a phone the shorter words keep the export controls on one line above the table: the
            format's choice and "Visible", "Selected", "All" beside it read as what to export,
            and a screen reader still hears "Export". */}
        <span className="max-sm:sr-only">Export</span> visible<span className="max-sm:hidden"> rows</span> (
        {rows.length.toLocaleString("en-US")})
      </button>
      {/* Focusable while nothing is picked, so the reason can be found by keyboard too. */}
      <button
        type="button"
        className={`${EXPORT_BUTTON} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
        aria-disabled={nonePicked || writingShown || running || undefined}
        title={
          nonePicked ? "Nothing selected: tick rows' boxes in the table, or press Space on a row" : undefined
        }
        onClick={exportSelected}
      >
        <span className="max-sm:sr-only">Export</span> selected<span className="max-sm:hidden"> rows</span> (
        {pickedCount})
      </button>
      {/* One width for both labels, so swapping them does not move the button beside them. */}
      {running ? (
        <button type="button" className={`${BUTTON} sm:w-40`} onClick={() => exportAll.cancel()}>
          Cancel export
        </button>
      ) : (
        <button
          type="button"
          className={`${EXPORT_BUTTON} sm:w-40`}
          disabled={Boolean(state.problem)}
          onClick={exportAllMatching}
        >
          <span className="max-sm:sr-only">Export</span> all<span className="max-sm:hidden"> matching</span>
        </button>
      )}
      {shownProblem && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          Export failed: {shownProblem}
        </p>
      )}
      {exportAll.progress.phase !== "idle" && (
        <Suspense>
          <ExportProgressPanel
            progress={exportAll.progress}
            budget={budget}
            onDismiss={() => exportAll.dismiss()}
          />
        </Suspense>
      )}
    </div>
  );
}
