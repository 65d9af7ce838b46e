import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { csvHead, csvRow, CSV_MEDIA_TYPE, exportFileName } from "@/lib/csv/csv-format";
import { locationTimeZones, taskCsv } from "@/lib/task-format/task-csv-columns";
import { DashboardError } from "../dashboard-error";
import { parseTaskListParams, SEVERAL_LOCATIONS, type TaskListParams } from "./task-list-params";
import { asDashboardError } from "./upstream-failure";
import {
  type MirrorSql,
  type MirrorExportQuery,
  mirrorExportBatches,
  mirrorExportIds,
  parseMirrorExportParams,
  tasksOfBatch,
  type TaskBatch,
} from "../mirror";
import type { StaffSession } from "../auth";
import { recordOrRefuse } from "./audit-trail";
import type { Task } from "../upstream";
import type { DashboardBackend } from "./dashboard-backend";
import { liveUrl, mirrorFreshness, mirrorGate, needsMirror } from "./mirror-gate";
import { readLocations, readTaskPage } from "./task-data";
import { pulledDownload } from "./pulled-download";
import { xlsxStream, XLSX_MEDIA_TYPE } from "./xlsx-stream";
import { SHEET_DATA_ROWS_MAX } from "../xlsx";

// "Export all matching" (GET /api/export): every task of the filters as CSV, with the columns and
// bytes of "export visible rows", or with format=xlsx as a workbook of the same columns and rows.
// From the mirror when it holds the window, read in keyset batches from its database, so a long
// export spends no upstream call at all; else streamed live page by page at export priority
// (people's requests go first). Cancelling the download stops the work.

/**
 * All of the one list of CSV columns "export visible rows" also writes, Started in location time
 * (and in UTC), whichever format: the zones as the CSV has always named them.
 */
const exportCsv = (zones: Map<string, string>) => taskCsv(undefined, locationTimeZones(zones));

export const EXPORT_HEADER = exportCsv(new Map()).header;

type ExportFormat = "csv" | "xlsx";

/** The tasks of an export: the locations' zones first (the header names them), then the rows. */
interface ExportRows {
  zones: Map<string, string>;
  batches: AsyncGenerator<TaskBatch, void, undefined>;
}

type ExportRead = (signal: AbortSignal) => Promise<ExportRows>;

/**
 * `format` is read apart from the list's parameters, which are then exactly the CSV's. Without it
 * the address is left as sent, so a CSV export reads its query as it always did.
 */
function readFormat(url: URL): { format: ExportFormat; listUrl: URL } {
  const given = url.searchParams.getAll("format");
  if (given.length === 0) return { format: "csv", listUrl: url };
  if (given.length > 1) throw new DashboardError("invalid_request", 'Parameter "format" is repeated.');
  const format = given[0];
  if (format !== "csv" && format !== "xlsx")
    throw new DashboardError("invalid_request", '"format" must be csv or xlsx.');
  const listUrl = new URL(url);
  listUrl.search = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair.split("=")[0] !== "format")
    .join("&");
  return { format, listUrl };
}

/** The filters of /api/tasks without paging; the mirror's answer when it holds the window. */
export async function answerExport(
  backend: DashboardBackend,
  requestUrl: URL,
  staff: StaffSession,
  signal: AbortSignal,
): Promise<Response> {
  const { format, listUrl: url } = readFormat(requestUrl);
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
  const read =
    gate.source === "mirror"
      ? mirrorRead(
          backend,
          gate.sql,
          await mirroredIds(gate.sql, query, format),
          query.filters.lists.location_id,
        )
      : live && (live.scope === "outside" ? noRows : liveRead(backend, live.filters));
  if (!read) throw new Error("unreachable: a mirror-only request has no live path");
  // Who exported what, before a row of it is read (a download starts reading once it exists);
  // the rows are the download's to count.
  await recordOrRefuse(backend, staff.email, "export", {
    what: "tasks",
    filters: Object.fromEntries(url.searchParams),
    source: gate.source,
    format,
  });
  const opened = await openedBeforeAnswer(read, signal);
  const body = format === "xlsx" ? xlsxExport(opened) : csvExport(opened);
  const raw = url.searchParams;
  const window = `${query.filters.from.slice(0, 10)}--${query.filters.to.slice(0, 10)}`;
  const name = exportFileName(
    [
      raw.get("location_id"),
      raw.get("mva"),
      raw.get("vehicle_id"),
      raw.get("task_type"),
      raw.get("status"),
      window,
    ].map((part) => part ?? undefined),
    new Date(),
    format,
  );
  const headers: Record<string, string> = {
    "content-type": format === "xlsx" ? XLSX_MEDIA_TYPE : CSV_MEDIA_TYPE,
    "content-disposition": `attachment; filename="${name}"`,
  };
  return new Response(body, {
    headers: gate.source === "mirror" ? { ...headers, ...mirrorFreshness(gate.asOf) } : headers,
  });
}

/** The live CSV export of these filters, opened as `answerExport` opens it. */
export async function exportStream(
  backend: DashboardBackend,
  filters: TaskListParams["filters"],
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  return csvExport(await openedBeforeAnswer(liveRead(backend, filters), signal));
}

/**
 * The rows' source opened, and its first batch read, before the answer is made: a source that
 * fails at once (the service unreachable, its locations or first page refused) answers its
 * documented error, where a failure after the first byte could only end a 200 short. Our client
 * shows the export under way from the request on, so the answer coming a page later costs nobody
 * anything. The request's end, or the download's cancelling, ends the reading.
 */
async function openedBeforeAnswer(read: ExportRead, request: AbortSignal): Promise<ExportRead> {
  const cancelled = new AbortController();
  const { zones, batches } = await read(AbortSignal.any([request, cancelled.signal]));
  const first = await batches.next();
  async function* all(): AsyncGenerator<TaskBatch, void, undefined> {
    if (first.done) return;
    yield first.value;
    yield* batches;
  }
  return (download) => {
    if (download.aborted) cancelled.abort(download.reason);
    else download.addEventListener("abort", () => cancelled.abort(download.reason), { once: true });
    return Promise.resolve({ zones, batches: all() });
  };
}

/** The export of a list that names none of the reader's locations: the columns, no row. */
const noRows: ExportRead = () => Promise.resolve({ zones: new Map(), batches: (async function* () {})() });

/** The header, then one chunk of rows per batch; the columns exist before any row is written. */
function csvExport(read: ExportRead): ReadableStream<Uint8Array> {
  return pulledDownload("export", async function* (signal) {
    const encoder = new TextEncoder();
    const { zones, batches } = await read(signal);
    const csv = exportCsv(zones);
    yield encoder.encode(csvHead(csv.header));
    for await (const batch of batches) {
      signal.throwIfAborted();
      yield encoder.encode(
        tasksOfBatch(batch)
          .map((task) => csvRow(csv.cells(task)))
          .join(""),
      );
    }
  });
}

function xlsxExport(read: ExportRead): ReadableStream<Uint8Array> {
  return xlsxStream(async (signal) => {
    const { zones, batches } = await read(signal);
    return { recipe: { rows: "all matching", zones: [...zones] }, batches };
  });
}

/** Live: the locations' zones, then the service's pages at export priority. */
function liveRead(backend: DashboardBackend, filters: TaskListParams["filters"]): ExportRead {
  return async (signal) => {
    const locations = await readLocations(backend, signal);
    const zones = new Map(locations.value.data.map((location) => [location.id, location.timezone]));
    return { zones, batches: livePages(backend, filters, signal) };
  };
}

async function* livePages(
  backend: DashboardBackend,
  filters: TaskListParams["filters"],
  signal: AbortSignal,
): AsyncGenerator<Task[], void, undefined> {
  let cursor: string | undefined;
  do {
    const after = cursor;
    const page = await waitingForBudget(
      () => readTaskPage(backend, { ...filters, cursor: after }, "export", signal),
      signal,
    );
    yield page.data;
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}

/**
 * One page of an export, however long the shared budget keeps it waiting. People's requests go
 * first, so under load an export page can be refused a slot for longer than a request's deadline;
 * the person is waiting for the whole file (and watching its progress), so the export waits for the
 * next slot rather than breaking off. Cancelling the download ends the wait.
 */
export async function waitingForBudget<T>(
  read: () => Promise<T>,
  signal: AbortSignal,
  pause: (ms: number, signal: AbortSignal) => Promise<unknown> = (ms, given) =>
    sleep(ms, undefined, { signal: given }),
): Promise<T> {
  for (;;) {
    try {
      return await read();
    } catch (error) {
      // The budget, or the service throttling token requests: both say when to come back.
      const busy = asDashboardError(error);
      if (busy?.code !== "upstream_busy" || signal.aborted) throw error;
      await pause((busy.options.retryAfterSeconds ?? 1) * 1000, signal);
    }
  }
}

/**
 * The ids of the export's rows from the mirror, in order. A workbook of more than a sheet holds is
 * refused here, before the answer: it would otherwise fail part way through a 200.
 */
export async function mirroredIds(
  sql: MirrorSql,
  query: MirrorExportQuery,
  format: ExportFormat,
): Promise<string[]> {
  const ids = await mirrorExportIds(sql, query);
  if (format === "xlsx" && ids.length > SHEET_DATA_ROWS_MAX) {
    throw new DashboardError(
      "invalid_request",
      `${ids.length.toLocaleString("en-US")} tasks match, more than the ${SHEET_DATA_ROWS_MAX.toLocaleString("en-US")} rows a sheet holds: narrow the filters, or export CSV.`,
    );
  }
  return ids;
}

/**
 * From the mirror: the live export's columns and rows, no upstream call. The rows are read as they
 * are by the time the download reaches them, and only at the `locations` the export asked for,
 * within the reader's (undefined: all): a task moved elsewhere since its id was listed is left
 * out, like one deleted.
 */
function mirrorRead(
  backend: DashboardBackend,
  sql: MirrorSql,
  ids: readonly string[],
  locations: readonly string[] | undefined,
): ExportRead {
  return async (signal) => ({
    zones: await locationZones(backend, sql, signal),
    batches: mirrorExportBatches(sql, ids, locations),
  });
}

/** The locations' zones as the sync last stored them; the live cache only before its first walk. */
export async function locationZones(
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
