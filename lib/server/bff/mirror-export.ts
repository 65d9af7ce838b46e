import "server-only";
import { csvHead, csvRow } from "@/lib/csv/csv-format";
import { type MirrorSql, type MirrorExportQuery, mirrorExportBatches } from "../mirror";
import type { DashboardBackend } from "./dashboard-backend";
import { readLocations } from "./task-data";
import { csvStream, exportCsv } from "./task-export";

// "Export all matching" from the mirror: the live export's columns and bytes, read in keyset
// batches from the mirror's database, so a 92-day export spends no upstream call at all.

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
