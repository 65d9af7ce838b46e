import "server-only";
import { jsonAroundRows } from "./page-slicer";
import { parseTaskListParams, SEVERAL_LOCATIONS, type TaskListParams } from "./task-list-params";
import { freshnessHeaders } from "./upstream-failure";
import { isDatabaseUnavailable } from "@/platform/sql/sql-db";
import { DashboardError, readQueryParams } from "../dashboard-error";
import {
  decodeKeyset,
  type MirrorTaskQuery,
  parseMirrorTaskParams,
  FILTER_PARAMS,
  readMirrorTaskPage,
} from "../mirror";
import type { StaffAccess } from "../staff";
import type { DashboardBackend } from "./dashboard-backend";
import { liveUrl, mirrorFreshness, mirrorGate, needsMirror, type Gate } from "./mirror-gate";
import { readDashboardTaskPage, requestPriority } from "./task-data";

// GET /api/tasks: every parameter checked first, then the mirror answers when it holds the window
// (with the exact total), else the live path (total null). Each source signs its cursors with its
// own binding, so a cursor of the other source can never be read as one of this source; a list
// begun live ends live.

const NAMES = [...FILTER_PARAMS, "sort", "order", "limit", "cursor"];

const START_AGAIN = new DashboardError(
  "invalid_request",
  "This cursor was made by the task mirror, which cannot answer this list now; start again from the first page.",
);

export async function answerTaskList(
  backend: DashboardBackend,
  request: Request,
  signal: AbortSignal,
  access: StaffAccess,
): Promise<Response> {
  const url = new URL(request.url);
  const cursor = readQueryParams(url, NAMES).cursor;
  const withoutCursor = new URL(url);
  withoutCursor.searchParams.delete("cursor");
  const maxWindowDays = backend.env.VTS_MAX_WINDOW_DAYS;
  const parsed = parseMirrorTaskParams(withoutCursor, { maxWindowDays, access, cursors: backend.cursors });
  if (!parsed.ok) throw parsed.error;
  const query = parsed.value;
  const mirrorOnly = needsMirror(url);
  const live = mirrorOnly ? undefined : parseTaskListParams(liveUrl(url), maxWindowDays, access);
  // A list begun on the live path goes on there: the mirror catching up mid-scroll must not break
  // a person's list (its rows, order and cursor are the service's, and stay consistent).
  const goesOnLive = cursor !== undefined && live !== undefined && isLiveCursor(backend, cursor, live);
  const gate: Gate = goesOnLive ? { source: "live" } : await mirrorGate(backend, query.filters, mirrorOnly);
  if (gate.source === "mirror") {
    const after = cursor === undefined ? undefined : mirrorKeyset(backend, cursor, query, live);
    try {
      const page = await readMirrorTaskPage(gate.sql, { ...query, after }, backend.cursors);
      return Response.json({ ...page, source: "mirror" }, { headers: mirrorFreshness(gate.asOf) });
    } catch (error) {
      // The mirror's database went away after the gate: a list the service can answer goes live.
      if (!live || !isDatabaseUnavailable(error)) throw error;
    }
  }
  if (!live) throw new Error("unreachable: a mirror-only request has no live path");
  if (cursor !== undefined) checkLiveCursor(backend, cursor, live, query);
  if (live.scope === "several") throw SEVERAL_LOCATIONS;
  if (live.scope === "outside") {
    const nothing = { data: [], next_cursor: null, total: null, source: "live" };
    return Response.json(nothing, { headers: freshnessHeaders({ fetchedAt: Date.now(), stale: false }) });
  }
  const page = await readDashboardTaskPage(backend, live, requestPriority(request), signal);
  // The same bytes as Response.json of { data, next_cursor, total: null, source: "live" }.
  const tail = `,"next_cursor":${JSON.stringify(page.next_cursor)},"total":null,"source":"live"}`;
  const body = jsonAroundRows('{"data":', page.data, tail);
  return new Response(body, { headers: { "content-type": "application/json", ...freshnessHeaders(page) } });
}

function mirrorKeyset(
  backend: DashboardBackend,
  cursor: string,
  query: MirrorTaskQuery,
  live: TaskListParams | undefined,
) {
  try {
    return decodeKeyset(backend.cursors, cursor, query);
  } catch (error) {
    if (live && isLiveCursor(backend, cursor, live)) throw START_AGAIN;
    throw error;
  }
}

function checkLiveCursor(
  backend: DashboardBackend,
  cursor: string,
  live: TaskListParams,
  query: MirrorTaskQuery,
): void {
  if (isLiveCursor(backend, cursor, live)) return;
  try {
    decodeKeyset(backend.cursors, cursor, query);
  } catch {
    return; // Neither kind: slicePage refuses it with the usual message.
  }
  throw START_AGAIN;
}

function isLiveCursor(backend: DashboardBackend, cursor: string, live: TaskListParams): boolean {
  try {
    // The binding readDashboardTaskPage signs the live cursor with.
    backend.cursors.decode(cursor, JSON.stringify(live.filters));
    return true;
  } catch {
    return false;
  }
}
