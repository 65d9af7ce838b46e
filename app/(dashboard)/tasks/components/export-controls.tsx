"use client";
import { lazy, Suspense, useState } from "react";
import type { Task } from "@/lib/client/api-types";
import type { ExportFormat } from "@/lib/client/export-download";
import type { BudgetReading } from "@/lib/client/export-waiting";
import { saveFile } from "@/lib/client/save-file";
import { startedZoneName } from "@/lib/client/table-view";
import { useExportAll } from "@/lib/client/use-export-all";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// What exports need is loaded when a person first exports, not with the tasks page, whose
// first-load JavaScript has a budget. React's lazy rather than next/dynamic, whose loader would
// itself add to the page.
const ExportProgressPanel = lazy(() =>
  import("./export-progress").then((module) => ({ default: module.ExportProgressPanel })),
);

const BUTTON =
  "rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800";

export function ExportControls({
  state,
  rows,
  zoneOf,
  locationZoneOf,
  budget,
  fromMirror,
}: {
  /** Who answered the list: the export of the same filters is answered by the same. */
  fromMirror: boolean;
  state: TaskListState;
  rows: readonly Task[];
  zoneOf: (task: Task) => string;
  locationZoneOf: (task: Task) => string | undefined;
  budget: BudgetReading | undefined;
}) {
  const exportAll = useExportAll();
  const running = exportAll.progress.phase === "running";
  const [writingVisible, setWritingVisible] = useState(false);
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [visibleProblem, setVisibleProblem] = useState<string | undefined>(undefined);

  // The rows as they are at the click: pages that arrive meanwhile belong to the next export.
  async function exportVisible() {
    setWritingVisible(true);
    setVisibleProblem(undefined);
    try {
      if (format === "xlsx") await exportVisibleWorkbook();
      else await exportVisibleCsv();
    } catch (error) {
      setVisibleProblem(error instanceof Error ? error.message : "The export failed.");
    } finally {
      setWritingVisible(false);
    }
  }

  // The server writes the workbook from the rows' ids: the page holds no spreadsheet code.
  async function exportVisibleWorkbook() {
    const { visibleRowsXlsx, visibleRowsXlsxName } = await import("@/lib/client/visible-rows-xlsx");
    const zone = state.view.zone === "location" ? "location" : startedZoneName(state.view.zone);
    const blob = await visibleRowsXlsx(rows, state.view.columns, zone);
    saveFile(blob, visibleRowsXlsxName(state.filters, state.window, new Date()));
  }

  async function exportVisibleCsv() {
    const { visibleRowsCsv, visibleRowsFileName } = await import("@/lib/client/visible-rows-export");
    const zones = {
      startedName: startedZoneName(state.view.zone),
      started: zoneOf,
      location: locationZoneOf,
    };
    const parts = await visibleRowsCsv(rows, state.view.columns, zones);
    saveFile(
      new Blob(parts, { type: "text/csv;charset=utf-8" }),
      visibleRowsFileName(state.filters, state.window, new Date()),
    );
  }

  return (
    <div className="relative ml-auto flex flex-wrap items-center gap-2">
      {/* One choice for both buttons: a person exporting wants one kind of file. */}
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
        className={BUTTON}
        disabled={rows.length === 0 || writingVisible}
        onClick={() => void exportVisible()}
      >
        {/* On a phone the shorter words keep the export controls on one line above the table. */}
        Export visible<span className="max-sm:hidden"> rows</span> ({rows.length.toLocaleString("en-US")})
      </button>
      {/* One width for both labels, so swapping them does not move the button beside them. */}
      {running ? (
        <button type="button" className={`${BUTTON} sm:w-40`} onClick={() => exportAll.cancel()}>
          Cancel export
        </button>
      ) : (
        <button
          type="button"
          className={`${BUTTON} sm:w-40`}
          disabled={Boolean(state.problem)}
          onClick={() => exportAll.start(state.query, fromMirror, format)}
        >
          Export all<span className="max-sm:hidden"> matching</span>
        </button>
      )}
      {visibleProblem && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          Export failed: {visibleProblem}
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
