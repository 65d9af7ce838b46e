import "server-only";
import { hasControlCharacter } from "@/contract/query/control-characters";
import { IDENTIFIER_PATTERN } from "@/contract/query/identifier";
import { parseInstantText } from "@/contract/query/instant-text";
import { LIMIT_MESSAGE, readLimit } from "@/contract/query/page-limit";
import { splitListParam } from "@/contract/query/list-param";
import { csvFileName, csvHead, csvRows, CSV_MEDIA_TYPE } from "@/lib/csv/csv-format";
import { isDatabaseUnavailable } from "@/platform/sql/sql-db";
import type { StaffSession } from "../auth";
import { DashboardError, readQueryParams } from "../dashboard-error";
import { dashboardLogger } from "../log";
import { dashboardEnv } from "../env";
import {
  isStaffEmail,
  managesStaff,
  normaliseEmail,
  seesLocation,
  waitingStaffAuditRecords,
  type StaffAccess,
} from "../staff";
import {
  AUDIT_ACTIONS,
  readAudit,
  recordAudit,
  recordAuditOnce,
  type AuditAction,
  type AuditFilters,
  type AuditPosition,
  type AuditRecord,
  type WorkspaceDb,
} from "../workspace";
import type { DashboardBackend } from "./dashboard-backend";

// The audit trail as the dashboard writes and shows it. What must be recorded (an export, a view
// refused by location) is recorded before the answer is given, and a trail that cannot be written
// refuses the request rather than answer unrecorded: a security team asking "who exported the
// fleet" must be able to trust that the answer is complete.

/** Records first; a trail that cannot be written refuses the request (audit_unavailable). */
export async function recordOrRefuse(
  backend: DashboardBackend,
  actor: string,
  action: AuditAction,
  details: Record<string, unknown>,
): Promise<void> {
  try {
    await recordAudit(await backend.workspace(), actor, action, details);
  } catch (error) {
    dashboardLogger().error({ err: error, action }, "audit trail not written; the request is refused");
    throw new DashboardError(
      "audit_unavailable",
      "This has to be recorded in the audit trail, which cannot be written just now; try again shortly.",
      { retryAfterSeconds: 5 },
    );
  }
}

/** The location ids a request names that its reader may not see. */
export function refusedLocations(access: StaffAccess, params: URLSearchParams): string[] {
  if (access.locations === "all") return [];
  const named = params.getAll("location_id").flatMap(splitListParam);
  return named.filter((id) => IDENTIFIER_PATTERN.test(id) && !seesLocation(access, id));
}

/**
 * A request naming locations its reader may not see is answered as if they had no tasks; it is
 * recorded as refused, with what it named, so that probing shows in the trail. A value that is no
 * location id names nothing to refuse: the request's own parsing refuses it (400), as it does an
 * admin's, and the trail is never asked to hold text it cannot store (a NUL).
 */
export async function recordRefusedLocations(
  backend: () => Promise<DashboardBackend>,
  staff: StaffSession,
  url: URL,
): Promise<void> {
  const refused = refusedLocations(staff.access, url.searchParams);
  if (refused.length === 0) return;
  await recordOrRefuse(await backend(), staff.email, "access_refused", {
    what: "locations",
    path: url.pathname,
    location_ids: refused.slice(0, 50),
  });
}

/** A task or vehicle hidden from its reader by location, recorded before the 404 is given. */
export function recordHidden(
  backend: DashboardBackend,
  staff: { email: string },
  what: "task" | "vehicle",
  id: string,
): Promise<void> {
  return recordOrRefuse(backend, staff.email, "access_refused", { what, id });
}

const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/**
 * Takes the records left beside the staff file (by `npm run staff` and by sign-ins and sign-outs)
 * into the trail, oldest first, each once however many instances take them: the trail shown or
 * exported then holds every one left until now.
 */
export async function takeInWaitingRecords(db: WorkspaceDb, staffFile: string): Promise<void> {
  const log = dashboardLogger();
  const waiting = await waitingStaffAuditRecords(staffFile, (file) =>
    log.warn({ file }, "not an audit record waiting for the trail; left where it is"),
  );
  for (const { record, done } of waiting) {
    if (!isAuditAction(record.action)) {
      log.warn({ action: record.action }, "an audit record waiting for the trail names no known action");
      continue;
    }
    const { id, at, actor, action, details } = record;
    await recordAuditOnce(db, { id, happenedAt: at, actor, action, details });
    await done();
  }
}

/**
 * The trail's records of the filters, with the records waiting beside the staff file taken in
 * first; refused whole when they cannot be, or when the trail's database does not answer.
 */
async function readTrail(
  backend: DashboardBackend,
  filters: AuditFilters,
  page: { after?: AuditPosition; limit: number },
): Promise<AuditRecord[]> {
  try {
    return await readAudit(await completeTrail(backend), filters, page);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    dashboardLogger().error({ err: error }, "the audit trail's database does not answer");
    throw new DashboardError(
      "audit_unavailable",
      "The audit trail cannot be read just now; try again shortly.",
      { retryAfterSeconds: 5 },
    );
  }
}

/**
 * The trail's database with the records waiting beside the staff file taken in; refused whole when
 * they cannot be.
 */
async function completeTrail(backend: DashboardBackend): Promise<WorkspaceDb> {
  const db = await backend.workspace();
  try {
    await takeInWaitingRecords(db, dashboardEnv().STAFF_FILE);
  } catch (error) {
    dashboardLogger().error({ err: error }, "the audit records waiting beside the staff file not taken in");
    throw new DashboardError(
      "audit_unavailable",
      "The audit trail cannot be completed just now (records of the command line and of sign-ins wait to be added); try again shortly.",
      { retryAfterSeconds: 5 },
    );
  }
  return db;
}

const PAGE_LIMIT_DEFAULT = 100;
const FILTER_NAMES = ["action", "actor", "from", "to"];

function requireTrailReader(staff: StaffSession): void {
  if (!managesStaff(staff.access))
    throw new DashboardError("forbidden", "Only an admin of every location reads the audit trail.");
}

function readFilters(raw: Record<string, string>): AuditFilters {
  const filters: AuditFilters = {};
  if (raw.action !== undefined) {
    const actions = splitListParam(raw.action);
    if (actions.length === 0 || !actions.every(isAuditAction))
      throw new DashboardError(
        "invalid_request",
        `"action" must be a comma-separated list of ${AUDIT_ACTIONS.join(", ")}.`,
      );
    filters.actions = actions;
  }
  if (raw.actor !== undefined) {
    if (raw.actor.length === 0 || raw.actor.length > 320 || hasControlCharacter(raw.actor))
      throw new DashboardError(
        "invalid_request",
        '"actor" must name who acted (an email, or "command line (USER)") in 1 to 320 characters, without control characters.',
      );
    // An email is kept as staff emails are (lower case); "command line (USER)" as it was written.
    const actor = raw.actor.trim();
    filters.actor = isStaffEmail(normaliseEmail(actor)) ? normaliseEmail(actor) : actor;
  }
  for (const name of ["from", "to"] as const) {
    const text = raw[name];
    if (text === undefined) continue;
    const instant = parseInstantText(text);
    if (instant === undefined)
      throw new DashboardError(
        "invalid_request",
        `"${name}" must be an instant with its offset, e.g. 2026-12-01T00:00:00Z.`,
      );
    filters[name] = new Date(instant).toISOString();
  }
  return filters;
}

const binding = (filters: AuditFilters) => JSON.stringify(["audit", filters]);

// A page's cursor is its last record's place in the trail's order: its time in the codec's text
// slot, its id in the number slot, signed and bound to the filters.
function encodePosition(backend: DashboardBackend, { at, id }: AuditPosition, filters: AuditFilters): string {
  return backend.cursors.encode({ upstreamCursor: at, offset: id }, binding(filters));
}

function decodePosition(backend: DashboardBackend, cursor: string, filters: AuditFilters): AuditPosition {
  const { upstreamCursor: at, offset: id } = backend.cursors.decode(cursor, binding(filters));
  if (at === null || parseInstantText(at) === undefined)
    throw new DashboardError("invalid_request", "The cursor is invalid or belongs to other filters.");
  return { at, id };
}

/** GET /api/admin/audit: the newest records first, filtered, a page at a time. */
export async function answerAuditList(
  backend: DashboardBackend,
  url: URL,
  staff: StaffSession,
): Promise<Response> {
  requireTrailReader(staff);
  const raw = readQueryParams(url, [...FILTER_NAMES, "limit", "cursor"]);
  const filters = readFilters(raw);
  const limit = raw.limit === undefined ? PAGE_LIMIT_DEFAULT : readLimit(raw.limit);
  if (limit === undefined) throw new DashboardError("invalid_request", LIMIT_MESSAGE);
  const after = raw.cursor === undefined ? undefined : decodePosition(backend, raw.cursor, filters);
  const rows = await readTrail(backend, filters, { after, limit: limit + 1 });
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  const next = rows.length > limit && last ? encodePosition(backend, last, filters) : null;
  return Response.json({ data, next_cursor: next });
}

const COLUMNS: readonly [string, (record: AuditRecord) => string | number][] = [
  ["id", (record) => record.id],
  ["at", (record) => record.at],
  ["actor", (record) => record.actor],
  ["action", (record) => record.action],
  ["details", (record) => JSON.stringify(record.details)],
];

/** The most rows one export holds: a longer selection is refused whole, never cut short. */
const EXPORT_MAX_ROWS = 100_000;

/** GET /api/admin/audit/export: every record of the filters as CSV, newest first; itself recorded. */
export async function answerAuditExport(
  backend: DashboardBackend,
  url: URL,
  staff: StaffSession,
): Promise<Response> {
  requireTrailReader(staff);
  const filters = readFilters(readQueryParams(url, FILTER_NAMES));
  const rows = await readTrail(backend, filters, { limit: EXPORT_MAX_ROWS + 1 });
  if (rows.length > EXPORT_MAX_ROWS)
    throw new DashboardError(
      "invalid_request",
      `More than ${EXPORT_MAX_ROWS.toLocaleString("en-US")} records match: export a shorter time range (from, to) at a time.`,
    );
  await recordOrRefuse(backend, staff.email, "export", {
    what: "audit",
    filters,
    format: "csv",
    rows: rows.length,
  });
  return new Response(
    csvHead(COLUMNS.map(([name]) => name)) + csvRows(rows.map((row) => COLUMNS.map(([, cell]) => cell(row)))),
    {
      headers: {
        "content-type": CSV_MEDIA_TYPE,
        "content-disposition": `attachment; filename="${csvFileName([], new Date(), "audit")}"`,
      },
    },
  );
}
