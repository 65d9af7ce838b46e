"use client";
import { useState } from "react";
import type { BudgetSnapshot, Task } from "@/lib/client/api-types";
import { saveFile } from "@/lib/client/save-file";
import { UPSTREAM_PAGE_ROWS, useExportAll, type ExportProgress } from "@/lib/client/use-export-all";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { visibleRowsCsv, visibleRowsFileName } from "@/lib/client/visible-rows-export";

const BUTTON =
  "rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800";

export function ExportControls({
  state,
  rows,
  zoneOf,
  budget,
}: {
  state: TaskListState;
  rows: readonly Task[];
  zoneOf: (task: Task) => string;
  budget: BudgetSnapshot | undefined;
}) {
  const exportAll = useExportAll();
  const running = exportAll.progress.phase === "running";
  const [writingVisible, setWritingVisible] = useState(false);

  // The rows as they are at the click: pages that arrive meanwhile belong to the next export.
  async function exportVisible() {
    setWritingVisible(true);
    try {
      const parts = await visibleRowsCsv(rows, state.view.columns, zoneOf);
      saveFile(
        new Blob(parts, { type: "text/csv;charset=utf-8" }),
        visibleRowsFileName(state.filters, state.window, new Date()),
      );
    } finally {
      setWritingVisible(false);
    }
  }

  return (
    <div className="ml-auto flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={BUTTON}
        disabled={rows.length === 0 || writingVisible}
        onClick={() => void exportVisible()}
      >
        Export visible rows ({rows.length.toLocaleString("en-US")})
      </button>
      {running ? (
        <button type="button" className={BUTTON} onClick={() => exportAll.cancel()}>
          Cancel export
        </button>
      ) : (
        <button
          type="button"
          className={BUTTON}
          disabled={Boolean(state.problem)}
          onClick={() => exportAll.start(state.query)}
        >
          Export all matching
        </button>
      )}
      <ExportProgressLine progress={exportAll.progress} budget={budget} />
    </div>
  );
}

function ExportProgressLine({
  progress,
  budget,
}: {
  progress: ExportProgress;
  budget: BudgetSnapshot | undefined;
}) {
  if (progress.phase === "idle") return null;
  if (progress.phase === "failed") {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        Export failed: {progress.message}
        {progress.requestId && (
          <span className="ml-1 font-mono text-xs">(request id {progress.requestId})</span>
        )}
      </p>
    );
  }
  if (progress.phase === "done") {
    return (
      <p role="status" className="text-sm">
        Exported {progress.rows.toLocaleString("en-US")} rows to {progress.fileName}.
      </p>
    );
  }
  if (progress.phase === "cancelled") {
    return (
      <p role="status" className="text-sm">
        Export cancelled after {progress.rows.toLocaleString("en-US")} rows.
      </p>
    );
  }
  const requests = Math.ceil(progress.rows / UPSTREAM_PAGE_ROWS);
  // Exports get what people leave of the budget: at most the window's calls of full pages.
  const perMinute = budget ? budget.limit * UPSTREAM_PAGE_ROWS : undefined;
  return (
    <div role="status" className="flex items-center gap-2 text-sm" data-testid="export-progress">
      <progress aria-label="Export progress" className="w-24" />
      <span>
        {progress.rows.toLocaleString("en-US")} rows so far, {requests} upstream{" "}
        {requests === 1 ? "request" : "requests"}
        {perMinute !== undefined &&
          `; the shared budget allows up to ${perMinute.toLocaleString("en-US")} rows a minute (${budget?.limit} calls of ${UPSTREAM_PAGE_ROWS})`}
      </span>
    </div>
  );
}
