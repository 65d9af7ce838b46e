"use client";
import { lazy, Suspense, useState } from "react";
import type { Task } from "@/lib/client/api-types";
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

  // The rows as they are at the click: pages that arrive meanwhile belong to the next export.
  async function exportVisible() {
    setWritingVisible(true);
    try {
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
    } finally {
      setWritingVisible(false);
    }
  }

  return (
    <div className="relative ml-auto flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={BUTTON}
        disabled={rows.length === 0 || writingVisible}
        onClick={() => void exportVisible()}
      >
        Export visible rows ({rows.length.toLocaleString("en-US")})
      </button>
      {/* One width for both labels, so swapping them does not move the button beside them. */}
      {running ? (
        <button type="button" className={`${BUTTON} w-40`} onClick={() => exportAll.cancel()}>
          Cancel export
        </button>
      ) : (
        <button
          type="button"
          className={`${BUTTON} w-40`}
          disabled={Boolean(state.problem)}
          onClick={() => exportAll.start(state.query, fromMirror)}
        >
          Export all matching
        </button>
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
