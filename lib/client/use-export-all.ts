"use client";
import { useCallback, useRef, useState } from "react";
import { csvRowCounter } from "./csv-row-counter";
import { dashboardFetch, DashboardApiError } from "./dashboard-api";
import { saveFile } from "./save-file";

// "Export all matching": the dashboard streams the CSV page by page at export priority; the
// browser counts rows as they come so a person sees progress, and may cancel at any time.

/** Rows per upstream call: the dashboard always asks the service for full pages. */
export const UPSTREAM_PAGE_ROWS = 500;

export type ExportProgress =
  | { phase: "idle" }
  | { phase: "running"; rows: number; startedAt: number }
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
} {
  const [progress, setProgress] = useState<ExportProgress>({ phase: "idle" });
  const controller = useRef<AbortController | undefined>(undefined);

  const start = useCallback((query: URLSearchParams) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const startedAt = Date.now();
    setProgress({ phase: "running", rows: 0, startedAt });
    const counter = csvRowCounter();
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
          setProgress({ phase: "running", rows: counter.rows, startedAt });
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
  return { progress, start, cancel };
}
