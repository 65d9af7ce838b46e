"use client";
import { estimateExport, type ExportEstimate } from "@/lib/client/export-estimate";
import { describeExportWait, waitingForRowsMs, type BudgetReading } from "@/lib/client/export-waiting";
import { roughDuration } from "@/lib/client/time-format";
import { describeUpstreamRequests } from "@/lib/client/upstream-requests";
import type { ExportProgress, RunningExport } from "@/lib/client/use-export-all";
import { useNow } from "@/lib/client/use-now";

// Where "export all matching" is: rows so far, upstream requests, an estimated time left, and how
// it ended. Estimates are labelled as such: they come from the rows' start times, not a count.

/**
 * The report in a panel at the window's lower right corner, over the table: in the toolbar's flow
 * it pushed the buttons onto a new line and moved the table down while a person was reading it,
 * and under the buttons it covered the table's header, where the columns are named.
 */
export function ExportProgressPanel({
  progress,
  budget,
  onDismiss,
}: {
  progress: ExportProgress;
  budget: BudgetReading | undefined;
  onDismiss: () => void;
}) {
  if (progress.phase === "idle") return null;
  return (
    <div
      data-testid="export-panel"
      className="fixed bottom-4 right-4 z-30 flex w-[28rem] max-w-[calc(100vw-2rem)] items-start gap-2 rounded border border-slate-300 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="min-w-0 flex-1">
        <ExportProgressReport progress={progress} budget={budget} />
      </div>
      {progress.phase !== "running" && (
        <button
          type="button"
          onClick={onDismiss}
          className="rounded border border-slate-400 px-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Dismiss
        </button>
      )}
    </div>
  );
}

function ExportProgressReport({
  progress,
  budget,
}: {
  progress: ExportProgress;
  budget: BudgetReading | undefined;
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
    if (progress.rows === undefined) {
      return (
        <p role="status" className="text-sm">
          Exported every matching row to {progress.fileName}
          {progress.fromMirror ? " (from the synced copy, no upstream requests)" : ""}.
        </p>
      );
    }
    return (
      <p role="status" className="text-sm">
        Exported {progress.rows.toLocaleString("en-US")} rows to {progress.fileName} (
        {progress.fromMirror
          ? "from the synced copy, no upstream requests"
          : describeUpstreamRequests(progress.rows, true)}
        ).
      </p>
    );
  }
  if (progress.phase === "cancelled") {
    return (
      <p role="status" className="text-sm">
        Export cancelled after {progress.rows.toLocaleString("en-US")} rows (
        {describeUpstreamRequests(progress.rows, false)}).
      </p>
    );
  }
  return <RunningReport progress={progress} budget={budget} />;
}

function RunningReport({ progress, budget }: { progress: RunningExport; budget: BudgetReading | undefined }) {
  if (progress.format === "xlsx") {
    return (
      <p role="status" className="text-sm" data-testid="export-progress">
        Writing the workbook
        {progress.fromMirror ? " from the synced copy" : ", page by page at export priority"}…
      </p>
    );
  }
  if (progress.fromMirror) {
    return (
      <p role="status" className="text-sm" data-testid="export-progress">
        Writing {progress.rows > 0 ? `${progress.rows.toLocaleString("en-US")} rows ` : "the file "}from the
        synced copy…
      </p>
    );
  }
  return <LiveReport progress={progress} budget={budget} />;
}

/** Streamed live, page by page at export priority: how far, and an estimate of the time left. */
function LiveReport({ progress, budget }: { progress: RunningExport; budget: BudgetReading | undefined }) {
  // Never before the latest rows: the clock ticks once a second, rows may be newer than its tick.
  const now = Math.max(useNow(true), progress.lastRowAt ?? progress.startedAt);
  const estimate = estimateExport({ ...progress, now, budget });
  const waitedMs = waitingForRowsMs(progress.startedAt, progress.lastRowAt, now);
  return (
    <div role="status" className="flex flex-col gap-1 text-sm" data-testid="export-progress">
      <progress
        aria-label="Export progress (estimated)"
        className="h-2 w-full"
        max={1}
        // Undefined leaves the bar indeterminate until a row tells how far the export is.
        value={estimate.fraction}
      />
      <span>
        {progress.rows.toLocaleString("en-US")} rows so far, {describeUpstreamRequests(progress.rows, false)}
      </span>
      <span data-testid="export-estimate">{timeLeft(estimate)}</span>
      {waitedMs !== undefined && (
        <span data-testid="export-waiting" className="text-amber-900 dark:text-amber-200">
          {describeExportWait(waitedMs, budget, now)}
        </span>
      )}
    </div>
  );
}

function timeLeft({ fraction, secondsLeft, atLeast }: ExportEstimate): string {
  if (secondsLeft === undefined) return "Time left: estimating…";
  const span = roughDuration(secondsLeft);
  if (atLeast) return `Time left: at least ${span}, until the shared budget frees a slot (estimate)`;
  const share = fraction === undefined ? "" : `, ${Math.floor(fraction * 100)}% of the time window done`;
  // "a few seconds" is already approximate; "about" is for figures.
  return `Time left: ${/^\d/.test(span) ? `about ${span}` : span} (estimate${share})`;
}
