"use client";
import { useCallback, useRef, useState } from "react";
import { csvRowCounter } from "./csv-row-counter";
import { dashboardFetch, DashboardApiError } from "./dashboard-api";
import { exportWindowOf, type ExportWindow } from "./export-estimate";
import { saveFile } from "./save-file";
import { UTC_COLUMN_LABEL } from "./task-columns";

// "Export all matching": the dashboard streams the CSV page by page at export priority; the
// browser counts rows as they come so a person sees progress, and may cancel at any time.

export interface RunningExport {
  phase: "running";
  rows: number;
  /** When the export was asked for, and when its row count last grew (epoch ms). */
  startedAt: number;
  lastRowAt: number | undefined;
  /** The latest complete row's start time in UTC: how far through the window the rows are. */
  lastStartedAt: string | undefined;
  window: ExportWindow | undefined;
}

export type ExportProgress =
  | { phase: "idle" }
  | RunningExport
  | { phase: "done"; rows: number; fileName: string }
  | { phase: "cancelled"; rows: number }
  | { phase: "failed"; message: string; requestId?: string };

function fileNameOf(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "tasks.csv";
}

export function useExportAll(): {
  progress: ExportProgress;
  start(query: URLSearchParams): void;
  cancel(): void;
  /** Puts away the report of a finished, cancelled or failed export. */
  dismiss(): void;
} {
  const [progress, setProgress] = useState<ExportProgress>({ phase: "idle" });
  const controller = useRef<AbortController | undefined>(undefined);

  const start = useCallback((query: URLSearchParams) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    let running: RunningExport = {
      phase: "running",
      rows: 0,
      startedAt: Date.now(),
      lastRowAt: undefined,
      lastStartedAt: undefined,
      window: exportWindowOf(query),
    };
    setProgress(running);
    const counter = csvRowCounter(UTC_COLUMN_LABEL);
    void (async () => {
      try {
        const response = await dashboardFetch(`/api/export?${query.toString()}`, abort.signal, {
          accept: "text/csv",
        });
        // The bytes are kept as they arrive, never decoded: a TextDecoder (or TextDecoderStream)
        // drops the byte order mark the file starts with, and Excel needs it for non-ASCII text.
        const reader = response.body?.getReader();
        const chunks: Uint8Array<ArrayBuffer>[] = [];
        for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
          chunks.push(next.value);
          counter.push(next.value);
          if (counter.rows > running.rows) {
            running = {
              ...running,
              rows: counter.rows,
              lastRowAt: Date.now(),
              lastStartedAt: counter.lastCell,
            };
            setProgress(running);
          }
        }
        const fileName = fileNameOf(response);
        saveFile(new Blob(chunks, { type: "text/csv;charset=utf-8" }), fileName);
        setProgress({ phase: "done", rows: counter.rows, fileName });
      } catch (error) {
        if (abort.signal.aborted) setProgress({ phase: "cancelled", rows: counter.rows });
        else if (error instanceof DashboardApiError) {
          setProgress({ phase: "failed", message: error.message, requestId: error.requestId });
        } else setProgress({ phase: "failed", message: "The export stopped before it was complete." });
      }
    })();
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(
    () => setProgress((current) => (current.phase === "running" ? current : { phase: "idle" })),
    [],
  );
  return { progress, start, cancel, dismiss };
}
