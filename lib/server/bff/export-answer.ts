import "server-only";
import { csvFileName, CSV_MEDIA_TYPE } from "@/lib/csv/csv-format";
import { liveUrl, needsMirror } from "./mirror-need";
import { parseTaskListParams } from "../api";
import { parseMirrorExportParams } from "../mirror";
import type { DashboardBackend } from "./dashboard-backend";
import { mirrorExportStream } from "./mirror-export";
import { mirrorFreshness, mirrorGate } from "./mirror-gate";
import { exportStream } from "./task-export";

// GET /api/export: the filters of /api/tasks without paging, from the mirror when it holds the
// window (the same CSV, no upstream call), else walked live at export priority.

export async function answerExport(backend: DashboardBackend, url: URL): Promise<Response> {
  const parsed = parseMirrorExportParams(url, { maxWindowDays: backend.env.VTS_MAX_WINDOW_DAYS });
  if (!parsed.ok) throw parsed.error;
  const query = parsed.value;
  const mirrorOnly = needsMirror(url);
  const live = mirrorOnly
    ? undefined
    : parseTaskListParams(liveUrl(url), backend.env.VTS_MAX_WINDOW_DAYS, { paging: false });
  const gate = await mirrorGate(backend, query.filters, mirrorOnly);
  const body =
    gate.source === "mirror"
      ? mirrorExportStream(backend, gate.sql, query)
      : live && exportStream(backend, live.filters);
  if (!body) throw new Error("unreachable: a mirror-only request has no live path");
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
