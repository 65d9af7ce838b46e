import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { csvFileName, csvHead, csvRow, CSV_MEDIA_TYPE } from "@/lib/csv/csv-format";
import { taskCsv } from "@/lib/task-format/task-csv-columns";
import { parseTaskListParams, SEVERAL_LOCATIONS, type TaskListParams } from "./task-list-params";
import { asDashboardError } from "./upstream-failure";
import { dashboardLogger } from "../log";
import {
  type MirrorSql,
  type MirrorExportQuery,
  mirrorExportBatches,
  parseMirrorExportParams,
} from "../mirror";
import type { StaffSession } from "../auth";
import { recordOrRefuse } from "./audit-trail";
import type { Task } from "../upstream";
import type { DashboardBackend } from "./dashboard-backend";
import { liveUrl, mirrorFreshness, mirrorGate, needsMirror } from "./mirror-gate";
import { readLocations, readTaskPage } from "./task-data";

// "Export all matching" (GET /api/export): every task of the filters as CSV, with the columns and
// bytes of "export visible rows". From the mirror when it holds the window, read in keyset batches
// from its database, so a long export spends no upstream call at all; else streamed live page by
// page at export priority (people's requests go first). Cancelling the download stops the work.

/** All of the one list of CSV columns "export visible rows" also writes, Started in location time. */
function exportCsv(zones: Map<string, string>) {
  const locationZone = (task: Task) => zones.get(task.location.id);
  return taskCsv(undefined, {
    startedName: "location time",
    started: (task) => locationZone(task) ?? "UTC",
    location: locationZone,
  });
}

export const EXPORT_HEADER = exportCsv(new Map()).header;

/** The filters of /api/tasks without paging; the mirror's answer when it holds the window. */
export async function answerExport(
  backend: DashboardBackend,
  url: URL,
  staff: StaffSession,
): Promise<Response> {
  const { access } = staff;
  const maxWindowDays = backend.env.VTS_MAX_WINDOW_DAYS;
  const parsed = parseMirrorExportParams(url, { maxWindowDays, access });
  if (!parsed.ok) throw parsed.error;
  const query = parsed.value;
  const mirrorOnly = needsMirror(url);
  const live = mirrorOnly
    ? undefined
    : parseTaskListParams(liveUrl(url), maxWindowDays, access, { paging: false });
  const gate = await mirrorGate(backend, query.filters, mirrorOnly);
  if (gate.source === "live" && live?.scope === "several") throw SEVERAL_LOCATIONS;
  const body =
    gate.source === "mirror"
      ? mirrorExportStream(backend, gate.sql, query)
      : live && (live.scope === "outside" ? headerOnlyStream() : exportStream(backend, live.filters));
  if (!body) throw new Error("unreachable: a mirror-only request has no live path");
  // Who exported what, before a byte of it leaves; the rows are the download's to count.
  await recordOrRefuse(backend, staff.email, "export", {
    what: "tasks",
    filters: Object.fromEntries(url.searchParams),
    source: gate.source,
    format: "csv",
  });
  const raw = url.searchParams;
  const window = `${query.filters.from.slice(0, 10)}--${query.filters.to.slice(0, 10)}`;
  const name = csvFileName(
    [
      raw.get("location_id"),
      raw.get("mva"),
      raw.get("vehicle_id"),
      raw.get("task_type"),
      raw.get("status"),
      window,
    ].map((part) => part ?? undefined),
    new Date(),
  );
  const headers: Record<string, string> = {
    "content-type": CSV_MEDIA_TYPE,
    "content-disposition": `attachment; filename="${name}"`,
  };
  return new Response(body, {
    headers: gate.source === "mirror" ? { ...headers, ...mirrorFreshness(gate.asOf) } : headers,
  });
}

export function exportStream(
  backend: DashboardBackend,
  filters: TaskListParams["filters"],
): ReadableStream<Uint8Array> {
  return csvStream((signal) => csvChunks(backend, filters, signal));
}

/** The export of a list that names none of the reader's locations: the columns, no row. */
function headerOnlyStream(): ReadableStream<Uint8Array> {
  return csvStream(async function* () {
    yield new TextEncoder().encode(csvHead(EXPORT_HEADER));
  });
}

/** A CSV download pulled chunk by chunk; cancelling it aborts the chunk being made. */
function csvStream(
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

/** The export from the mirror: the live export's columns and bytes, no upstream call. */
export function mirrorExportStream(
  backend: DashboardBackend,
  sql: MirrorSql,
  query: MirrorExportQuery,
): ReadableStream<Uint8Array> {
  return csvStream((signal) => mirrorCsvChunks(backend, sql, query, signal));
}

async function* mirrorCsvChunks(
  backend: DashboardBackend,
  sql: MirrorSql,
  query: MirrorExportQuery,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array, void, undefined> {
  const encoder = new TextEncoder();
  const csv = exportCsv(await locationZones(backend, sql, signal));
  yield encoder.encode(csvHead(csv.header));
  for await (const batch of mirrorExportBatches(sql, query)) {
    signal.throwIfAborted();
    yield encoder.encode(batch.map((task) => csvRow(csv.cells(task))).join(""));
  }
}

/** The locations' zones as the sync last stored them; the live cache only before its first walk. */
async function locationZones(
  backend: DashboardBackend,
  sql: MirrorSql,
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const rows = await sql.query<{ id: string; timezone: string }>(
    "SELECT id, timezone FROM mirror_locations",
    [],
  );
  if (rows.length > 0) return new Map(rows.map((row) => [row.id, row.timezone]));
  const locations = await readLocations(backend, signal);
  return new Map(locations.value.data.map((location) => [location.id, location.timezone]));
}
