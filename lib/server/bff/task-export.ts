import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { csvHead, csvRow } from "@/lib/csv/csv-format";
import { taskCsv } from "@/lib/task-format/task-csv-columns";
import { type TaskListParams, asDashboardError } from "../api";
import { dashboardLogger } from "../log";
import type { Task } from "../upstream";
import type { DashboardBackend } from "./dashboard-backend";
import { readLocations, readTaskPage } from "./task-data";

// "Export all matching": every task of the filters as CSV, streamed page by page at export
// priority (people's requests go first). Cancelling the download stops the upstream calls.

/** All of the one list of CSV columns "export visible rows" also writes, Started in location time. */
export function exportCsv(zones: Map<string, string>) {
  const locationZone = (task: Task) => zones.get(task.location.id);
  return taskCsv(undefined, {
    startedName: "location time",
    started: (task) => locationZone(task) ?? "UTC",
    location: locationZone,
  });
}

export const EXPORT_HEADER = exportCsv(new Map()).header;

export function exportStream(
  backend: DashboardBackend,
  filters: TaskListParams["filters"],
): ReadableStream<Uint8Array> {
  return csvStream((signal) => csvChunks(backend, filters, signal));
}

/** A CSV download pulled chunk by chunk; cancelling it aborts the chunk being made. */
export function csvStream(
  chunksOf: (signal: AbortSignal) => AsyncGenerator<Uint8Array, void, undefined>,
): ReadableStream<Uint8Array> {
  const controller = new AbortController();
  const chunks = chunksOf(controller.signal);
  return new ReadableStream<Uint8Array>({
    // Pulled only as fast as the client reads, so a slow download does not buffer pages.
    async pull(stream) {
      const next = await chunks.next();
      if (next.done) stream.close();
      else stream.enqueue(next.value);
    },
    // The abort ends a page read under way; the generator then finishes, so it holds nothing.
    cancel(reason) {
      controller.abort(reason);
      // No one reads the download any more: a failure while the generator winds down (the read
      // the abort cut) has no one to go to, and the generator holds nothing after it either way.
      chunks
        .return(undefined)
        .catch((error: unknown) =>
          dashboardLogger().debug({ err: error }, "export cancelled; its end failed"),
        );
    },
  });
}

/** The header, then one chunk of rows per page; the columns exist before any row is written. */
async function* csvChunks(
  backend: DashboardBackend,
  filters: TaskListParams["filters"],
  signal: AbortSignal,
): AsyncGenerator<Uint8Array, void, undefined> {
  const encoder = new TextEncoder();
  const locations = await readLocations(backend, signal);
  const csv = exportCsv(new Map(locations.value.data.map((location) => [location.id, location.timezone])));
  yield encoder.encode(csvHead(csv.header));
  let cursor: string | undefined;
  do {
    const after = cursor;
    const page = await waitingForBudget(
      () => readTaskPage(backend, { ...filters, cursor: after }, "export", signal),
      signal,
    );
    yield encoder.encode(page.data.map((task) => csvRow(csv.cells(task))).join(""));
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}

/**
 * One page of an export, however long the shared budget keeps it waiting. People's requests go
 * first, so under load an export page can be refused a slot for longer than a request's deadline;
 * the person is waiting for the whole file (and watching its progress), so the export waits for the
 * next slot rather than breaking off. Cancelling the download ends the wait.
 */
export async function waitingForBudget<T>(read: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    try {
      return await read();
    } catch (error) {
      // The budget, or the service throttling token requests: both say when to come back.
      const busy = asDashboardError(error);
      if (busy?.code !== "upstream_busy" || signal.aborted) throw error;
      await sleep((busy.options.retryAfterSeconds ?? 1) * 1000, undefined, { signal });
    }
  }
}
