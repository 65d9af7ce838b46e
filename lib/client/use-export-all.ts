"use client";
import { useCallback, useRef, useState } from "react";
import { DashboardApiError } from "./dashboard-api";
import type { ExportFormat } from "./export-download";
import type { NamedList } from "./visible-rows-export";
import type { ExportWindow, ProgressSample } from "./export-estimate";

// "Export all matching": the dashboard streams the CSV page by page at export priority; the
// browser counts rows as they come so a person sees progress, and may cancel at any time. The
// streaming itself (export-download.ts) is loaded at the first export, not with the page.
export interface RunningExport {
  phase: "running";
  /**
   * The list came from the task mirror, which writes the whole file at once and spends no budget:
   * no progress bar or estimate, only that it is being written.
   */
  fromMirror: boolean;
  /** A workbook arrives as a zip archive: its rows cannot be counted on the way. */
  format: ExportFormat;
  rows: number;
  /** When the export was asked for, and when its row count last grew (epoch ms). */
  startedAt: number;
  lastRowAt: number | undefined;
  /** The latest complete row's start time in UTC: how far through the window the rows are. */
  lastStartedAt: string | undefined;
  window: ExportWindow | undefined;
  /** Where it was each time rows came, for the pace it really gets (export-estimate.ts). */
  history: ProgressSample[];
}

export type ExportProgress =
  | { phase: "idle" }
  | RunningExport
  /** `rows` is undefined for a workbook, whose rows were not counted. */
  | { phase: "done"; rows: number | undefined; fileName: string; fromMirror: boolean }
  | { phase: "cancelled"; rows: number }
  | { phase: "failed"; message: string; requestId?: string };

export function useExportAll(): {
  progress: ExportProgress;
  /** `named`: the list as the page shows it, whose days name the file. */
  start(query: URLSearchParams, fromMirror: boolean, format?: ExportFormat, named?: NamedList): void;
  cancel(): void;
  /** Puts away the report of a finished, cancelled or failed export. */
  dismiss(): void;
} {
  const [progress, setProgress] = useState<ExportProgress>({ phase: "idle" });
  const controller = useRef<AbortController | undefined>(undefined);

  const start = useCallback(
    (query: URLSearchParams, fromMirror: boolean, format: ExportFormat = "csv", named?: NamedList) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      let running: RunningExport = {
        phase: "running",
        fromMirror,
        format,
        rows: 0,
        startedAt: Date.now(),
        lastRowAt: undefined,
        lastStartedAt: undefined,
        window: undefined,
        history: [],
      };
      setProgress(running);
      void (async () => {
        try {
          const [
            { downloadExport },
            { exportWindowOf, recordProgress, windowFractionDone },
            { allMatchingFileName },
          ] = await Promise.all([
            import("./export-download"),
            import("./export-estimate"),
            import("./visible-rows-export"),
          ]);
          running = { ...running, window: exportWindowOf(query) };
          setProgress(running);
          const saved = await downloadExport(
            query,
            abort.signal,
            ({ rows, lastStartedAt }) => {
              const at = Date.now();
              const fraction = running.window && windowFractionDone(running.window, lastStartedAt);
              const history =
                fraction === undefined ? running.history : recordProgress(running.history, { at, fraction });
              running = { ...running, rows, lastRowAt: at, lastStartedAt, history };
              setProgress(running);
            },
            format,
            named && allMatchingFileName(named, new Date(), format),
          );
          setProgress({ phase: "done", ...saved, fromMirror });
        } catch (error) {
          if (abort.signal.aborted) setProgress({ phase: "cancelled", rows: running.rows });
          else if (error instanceof DashboardApiError) {
            setProgress({ phase: "failed", message: error.message, requestId: error.requestId });
          } else setProgress({ phase: "failed", message: "The export stopped before it was complete." });
        }
      })();
    },
    [],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(
    () => setProgress((current) => (current.phase === "running" ? current : { phase: "idle" })),
    [],
  );
  return { progress, start, cancel, dismiss };
}
