import "server-only";
import { isTaskId } from "@/lib/task-id";
import { DashboardError, readQueryParams } from "../dashboard-error";
import { dashboardLogger } from "../log";
import {
  parseMirrorSummaryParams,
  parseVehicleId,
  readMirrorSummary,
  readMirrorVehicle,
  mirrorStatus,
  SLICE_FRESH_AS_OF,
  TASK_COLUMNS,
  taskOfRow,
  type TaskRow,
} from "../mirror";
import type { StaffSession } from "../auth";
import { scopedLocations, seesLocation, type StaffAccess } from "../staff";
import { recordHidden } from "./audit-trail";
import type { Location, Task } from "../upstream";
import type { DashboardBackend } from "./dashboard-backend";
import { mirrorFreshness, mirrorGate, noteShown } from "./mirror-gate";
import { readLocations, readTask } from "./task-data";
import { freshnessHeaders } from "./upstream-failure";

// The answers only the mirror gives (summary, a vehicle's history, the mirror's own state): the
// service has nothing to count or collect them with under its budget. And the answers the mirror
// gives first when it holds them (a task, the locations, whether a task exists), so that people
// opening task after task do not spend the budget the sync needs.

export async function answerSummary(
  backend: DashboardBackend,
  url: URL,
  access: StaffAccess,
): Promise<Response> {
  const parsed = parseMirrorSummaryParams(url, { maxWindowDays: backend.env.VTS_MAX_WINDOW_DAYS, access });
  if (!parsed.ok) throw parsed.error;
  const gate = await mirrorGate(backend, parsed.value.filters, true);
  if (gate.source !== "mirror") throw new Error("unreachable: a mirror-only gate answers from the mirror");
  const summary = await readMirrorSummary(gate.sql, parsed.value, gate.asOf);
  return Response.json(summary, { headers: mirrorFreshness(gate.asOf) });
}

export async function answerVehicle(
  backend: DashboardBackend,
  url: URL,
  vehicleId: string,
  staff: StaffSession,
): Promise<Response> {
  const { access } = staff;
  readQueryParams(url, []);
  const parsed = parseVehicleId(vehicleId);
  if (!parsed.ok) throw parsed.error;
  const gate = await mirrorGate(backend, "horizon", true);
  if (gate.source !== "mirror") throw new Error("unreachable: a mirror-only gate answers from the mirror");
  const vehicle = await readMirrorVehicle(
    gate.sql,
    parsed.value,
    gate.asOf,
    scopedLocations(access, undefined),
  );
  if (!vehicle) {
    // Seen only at others' locations: the same 404, recorded as a refusal.
    if (access.locations !== "all" && (await readMirrorVehicle(gate.sql, parsed.value, gate.asOf, undefined)))
      await recordHidden(backend, staff, "vehicle", parsed.value);
    // As of when the mirror holds none: a vehicle first worked on since may be in the next sync.
    throw new DashboardError("not_found", "The task mirror holds no task of this vehicle.", {
      freshness: mirrorFreshness(gate.asOf),
    });
  }
  noteShown(
    backend,
    vehicle.tasks.map((task) => task.started_at),
  );
  return Response.json(vehicle, { headers: mirrorFreshness(gate.asOf) });
}

/** With MIRROR=off (or a mirror that did not open) the status says so rather than failing. */
export async function answerMirrorStatus(
  backend: DashboardBackend,
  url: URL,
  access: StaffAccess,
): Promise<Response> {
  readQueryParams(url, []);
  const mirror = backend.mirror;
  if (!mirror) return Response.json({ enabled: false, setting: backend.env.MIRROR });
  const readAt = new Date();
  // The tasks held are counted at the reader's locations, as every other total they see.
  const status = await mirrorStatus(mirror.db, readAt, scopedLocations(access, undefined));
  // The status is read from the database now: as fresh as an answer gets.
  return Response.json({ enabled: true, ...status }, { headers: mirrorFreshness(readAt) });
}

// A task's detail and the locations list from the mirror, when it holds them: people open task
// after task, and once the mirror is full nearly every upstream call people make would otherwise
// be such a detail, each a call of the budget the sync needs. What the mirror does not hold, or
// cannot read, is the service's to answer, as before.

/** The task and how fresh its synced window is; undefined when the mirror does not hold it. */
export async function mirroredTask(
  backend: DashboardBackend,
  id: string,
): Promise<{ task: Task; asOf: Date } | undefined> {
  const db = backend.mirror?.db;
  if (!db) return undefined;
  const rows = await db
    .query<TaskRow & { as_of: Date }>(
      `SELECT ${TASK_COLUMNS}, ${SLICE_FRESH_AS_OF} AS as_of FROM mirror_tasks t
       JOIN mirror_windows w ON t.started_at >= w.starts_at AND t.started_at < w.ends_at
       CROSS JOIN mirror_sync_state st
       WHERE t.id = $1 AND w.as_of IS NOT NULL`,
      [id],
    )
    // The mirror is a shortcut here: if it cannot answer, the service is asked as before.
    .catch((error: unknown) => {
      dashboardLogger().debug({ err: error }, "mirror: a task not read; asking the service");
      return [];
    });
  const [row] = rows;
  if (!row) return undefined;
  const { as_of: asOf, ...task } = row;
  noteShown(backend, [task.started_at]);
  return { task: taskOfRow(task), asOf };
}

/**
 * GET /api/tasks/{id}: from the mirror when it holds the task, else the service's. A task at a
 * location the reader may not see is answered as an unknown one: 404, whichever source had it.
 */
export async function answerTask(
  backend: DashboardBackend,
  id: string,
  staff: StaffSession,
  signal: AbortSignal,
): Promise<Response> {
  if (!isTaskId(id)) throw new DashboardError("invalid_request", "That is not a task id.");
  const notFound = new DashboardError("not_found", "No task has this id.");
  const mirrored = await mirroredTask(backend, id);
  if (mirrored) {
    if (!(await shownTo(backend, staff, mirrored.task))) throw notFound;
    return Response.json(mirrored.task, { headers: mirrorFreshness(mirrored.asOf) });
  }
  const cached = await readTask(backend, id, signal);
  const task = cached.value.task;
  if (!task || !(await shownTo(backend, staff, task))) throw notFound;
  return Response.json(task, { headers: freshnessHeaders(cached) });
}

/** Whether the reader may see the task; one they may not is recorded as refused first. */
async function shownTo(backend: DashboardBackend, staff: StaffSession, task: Task): Promise<boolean> {
  if (seesLocation(staff.access, task.location.id)) return true;
  await recordHidden(backend, staff, "task", task.id);
  return false;
}

/** The locations the reader may see: from the mirror when the sync has read them, else the service's. */
export async function answerLocations(
  backend: DashboardBackend,
  access: StaffAccess,
  signal: AbortSignal,
): Promise<Response> {
  const mirrored = await mirroredLocations(backend, access);
  if (mirrored) return Response.json({ data: mirrored.data }, { headers: mirrorFreshness(mirrored.asOf) });
  const locations = await readLocations(backend, signal);
  const mine = locations.value.data.filter((location) => seesLocation(access, location.id));
  return Response.json({ data: mine }, { headers: freshnessHeaders(locations) });
}

/**
 * The reader's locations, ordered by id as the service orders them; undefined until the sync read
 * them.
 */
export async function mirroredLocations(
  backend: DashboardBackend,
  access: StaffAccess,
): Promise<{ data: Location[]; asOf: Date } | undefined> {
  const db = backend.mirror?.db;
  if (!db) return undefined;
  try {
    const [state] = await db.query<{ locations_as_of: Date | null }>(
      "SELECT locations_as_of FROM mirror_sync_state",
    );
    if (!state?.locations_as_of) return undefined;
    const data = await db.query<Location>(
      "SELECT id, name, timezone, address FROM mirror_locations ORDER BY id",
    );
    return {
      data: data.filter((location) => seesLocation(access, location.id)),
      asOf: state.locations_as_of,
    };
  } catch (error) {
    // As for a task: the mirror is a shortcut, and the service answers when it cannot.
    dashboardLogger().debug({ err: error }, "mirror: locations not read; asking the service");
    return undefined;
  }
}

/**
 * How long a task's page waits to learn whether its task exists. Past it (a spent budget, a slow
 * or stopped service) the page renders anyway and its client says what it is waiting for.
 */
const LOOKUP_WAIT_MS = 3_000;

export type TaskExistence = "found" | "not_found" | "unknown";

/**
 * Whether the service has this task, for a task's page to answer 404 only when it does not: a
 * spent budget or an unavailable service is "unknown", never a 404. The answer goes through the
 * same mirror and cache as GET /api/tasks/{id}, so the page's own request for the task right after
 * is free.
 */
export async function taskExistence(
  backend: DashboardBackend,
  id: string,
  staff: StaffSession,
): Promise<TaskExistence> {
  if (!isTaskId(id)) return "not_found";
  const seen = async (task: Task | null | undefined): Promise<TaskExistence> =>
    task && (await shownTo(backend, staff, task)) ? "found" : "not_found";
  try {
    const mirrored = await mirroredTask(backend, id);
    if (mirrored) return await seen(mirrored.task);
    const cached = await readTask(backend, id, AbortSignal.timeout(LOOKUP_WAIT_MS));
    return await seen(cached.value.task);
  } catch (error) {
    // A spent budget, a service away, a refusal the audit trail cannot record: the page renders
    // without knowing, and its client's own request meets the same and says why. Not an error here.
    dashboardLogger().debug({ err: error }, "task existence unknown; the page renders and waits");
    return "unknown";
  }
}
