import "server-only";
import { z } from "zod";
import type { components } from "@/contract/dashboard/api-types";
import { joinListParam, splitListParam } from "@/contract/query/list-param";
import type { OpenedView } from "@/lib/client/api-types";
import { isDatabaseUnavailable } from "@/platform/sql/sql-db";
import type { StaffSession } from "../auth";
import { DashboardError, readQueryParams } from "../dashboard-error";
import { dashboardLogger } from "../log";
import { normaliseEmail, scopedLocations, type StaffAccess } from "../staff";
import {
  changeSavedView,
  clearStartView,
  createSavedView,
  deleteSavedView,
  listSavedViews,
  mayDeleteView,
  readSavedView,
  setStartView,
  startViewOf,
  viewNameSchema,
  viewStateSchema,
  VIEWS_PER_OWNER_MAX,
  workspaceMayHoldData,
  type SavedView,
  type ViewOutcome,
  type ViewState,
  type WorkspaceDb,
} from "../workspace";
import { acceptChange, readJsonBody } from "./change-request";
import { dashboardBackend, type DashboardBackend } from "./dashboard-backend";
import { pageSession } from "./first-render";
import { workspaceUnavailable } from "./workspace-unavailable";

// Saved views of the tasks page, as each person reads and changes them. A view is answered
// narrowed to its reader's locations by the rule every read follows (scopedLocations): a location
// filter naming ones they may not see keeps only those they may, and says how many it left out
// (never which: their ids are not the reader's to know). A filter left naming none is an empty list,
// which shows no tasks, as a read naming only such locations does; it is never dropped, which would
// widen the view to every location of the reader's. This keeps the page's filters honest and spares
// the reader an audit record of a refusal they did not ask for.

type WireView = components["schemas"]["SavedView"];

const reader = (staff: StaffSession) => normaliseEmail(staff.email);
/** A shared view is everyone's: an admin may remove one that misleads, whoever saved it. */
const mayDeleteShared = (staff: StaffSession) => staff.access.role === "admin";

/**
 * The filters whose values describe particular tasks (which vehicles, what text) rather than how
 * the page shows them: in a view left naming none of its reader's locations they can only be
 * about the hidden locations' tasks, which are not the reader's to learn of.
 */
const TASK_DESCRIBING_FILTERS = ["vehicle_id", "mva", "q"] as const;

function narrowedState(state: ViewState, access: StaffAccess): { state: ViewState; hidden: number } {
  if (state.location_id === undefined) return { state, hidden: 0 };
  const named = [...new Set(splitListParam(state.location_id))];
  const seen = scopedLocations(access, named) ?? named;
  const hidden = named.length - seen.length;
  const narrowed: ViewState = { ...state, location_id: joinListParam(seen) };
  // Such a view shows no tasks either way: without these it says no more than that. A view that
  // names some of the reader's locations keeps them: which of its vehicles were seen where is
  // the mirror's to say, and it is not asked here.
  if (seen.length === 0 && hidden > 0) for (const name of TASK_DESCRIBING_FILTERS) delete narrowed[name];
  return { state: narrowed, hidden };
}

function wireView(view: SavedView, staff: StaffSession): WireView {
  const { state, hidden } = narrowedState(view.state, staff.access);
  return {
    id: view.id,
    name: view.name,
    owner: view.owner,
    mine: view.owner === reader(staff),
    deletable: mayDeleteView(view, reader(staff), mayDeleteShared(staff)),
    shared: view.shared,
    state,
    hidden_location_count: hidden,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
}

const createSchema = z
  .object({ name: viewNameSchema, shared: z.boolean().default(false), state: viewStateSchema })
  .strict();
const changeSchema = z
  .object({ name: viewNameSchema, shared: z.boolean(), state: viewStateSchema })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, "name, shared or state");
const startSchema = z.object({ view_id: z.string().min(1).max(64) }).strict();

/** The body as `schema` reads it, or a 400 naming the first field at fault. */
async function readBody<T>(request: Request, what: string, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJsonBody(request, what));
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue?.path.join(".") || "the body";
  throw new DashboardError(
    "invalid_request",
    `${what} is refused: ${field}: ${issue?.message ?? "not valid"}.`,
  );
}

/** A change, in words for its maker; every problem is theirs to mend (4xx), never the server's. */
function outcome<T>(result: ViewOutcome<T>, name?: string): T {
  if (result.ok) return result.value;
  switch (result.problem) {
    case "not_found":
      throw new DashboardError("not_found", "No saved view of yours or shared with you has this id.");
    case "not_owner":
      throw new DashboardError(
        "forbidden",
        "Only the view's owner changes it (an admin may delete a shared one).",
      );
    case "name_taken":
      throw new DashboardError("invalid_request", `You already have a view named "${name ?? ""}".`);
    case "too_many":
      throw new DashboardError(
        "invalid_request",
        `You have ${VIEWS_PER_OWNER_MAX} saved views, the most one person keeps: delete one first.`,
      );
  }
}

/**
 * `work` on the workspace's database. One that does not answer refuses the request (503
 * workspace_unavailable, nothing changed: a change and its audit record are one transaction);
 * any other failure is a fault of this dashboard, not an outage to wait out.
 */
async function inWorkspace<T>(backend: DashboardBackend, work: (db: WorkspaceDb) => Promise<T>): Promise<T> {
  try {
    return await work(await backend.workspace());
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    dashboardLogger().error({ err: error }, "saved views: the workspace does not answer");
    throw workspaceUnavailable();
  }
}

/** GET /api/views: the reader's views and the shared ones, and which is their start view. */
export async function answerViewList(
  backend: DashboardBackend,
  url: URL,
  staff: StaffSession,
): Promise<Response> {
  readQueryParams(url, []);
  const [views, start] = await inWorkspace(backend, (db) =>
    Promise.all([listSavedViews(db, reader(staff)), startViewOf(db, reader(staff))]),
  );
  return Response.json({
    data: views.map((view) => wireView(view, staff)),
    start_view_id: start?.id ?? null,
  });
}

/** POST /api/views: saves a view under a name of the reader's own. */
export async function answerCreateView(
  backend: DashboardBackend,
  request: Request,
  staff: StaffSession,
): Promise<Response> {
  acceptChange(request);
  const body = await readBody(request, "The view", createSchema);
  const created = await inWorkspace(backend, (db) => createSavedView(db, reader(staff), body));
  return Response.json(wireView(outcome(created, body.name), staff), { status: 201 });
}

/** PATCH /api/views/{id}: renames, shares or unshares, or replaces the state of one's own view. */
export async function answerChangeView(
  backend: DashboardBackend,
  request: Request,
  id: string,
  staff: StaffSession,
): Promise<Response> {
  acceptChange(request);
  const body = await readBody(request, "The change", changeSchema);
  const changed = await inWorkspace(backend, (db) => changeSavedView(db, id, reader(staff), body));
  return Response.json(wireView(outcome(changed, body.name), staff));
}

/** DELETE /api/views/{id}: the owner's, or an admin's for a shared view. */
export async function answerDeleteView(
  backend: DashboardBackend,
  request: Request,
  id: string,
  staff: StaffSession,
): Promise<Response> {
  acceptChange(request);
  const deleted = await inWorkspace(backend, (db) =>
    deleteSavedView(db, id, reader(staff), mayDeleteShared(staff)),
  );
  outcome(deleted);
  return new Response(null, { status: 204 });
}

/** PUT /api/views/start: the view /tasks opens with for the reader. */
export async function answerSetStartView(
  backend: DashboardBackend,
  request: Request,
  staff: StaffSession,
): Promise<Response> {
  acceptChange(request);
  const { view_id: id } = await readBody(request, "The start view", startSchema);
  const view = outcome(await inWorkspace(backend, (db) => setStartView(db, reader(staff), id)));
  return Response.json({ start_view_id: view.id });
}

/** DELETE /api/views/start: /tasks opens with the default view again. */
export async function answerClearStartView(
  backend: DashboardBackend,
  request: Request,
  staff: StaffSession,
): Promise<Response> {
  acceptChange(request);
  await inWorkspace(backend, (db) => clearStartView(db, reader(staff)));
  return new Response(null, { status: 204 });
}

/**
 * The view /tasks opens with: the one its link names (`?view=<id>`, the link a shared view is
 * copied as), or, on a bare /tasks, the reader's start view. A workspace that does not answer opens
 * the default view, saying so for a link; the page never fails for it.
 */
export async function openedView(search: URLSearchParams): Promise<OpenedView | undefined> {
  const id = search.get("view");
  if (id === null && search.size > 0) return undefined;
  const backend = await dashboardBackend();
  const { DASHBOARD_DATABASE_URL: databaseUrl, WORKSPACE_DATA_DIR: dataDir } = backend.env;
  if (id === null && !workspaceMayHoldData({ databaseUrl, dataDir })) return undefined;
  const staff = await pageSession();
  if (!staff) return undefined;
  try {
    const db = await backend.workspace();
    const view =
      id === null ? await startViewOf(db, reader(staff)) : await readSavedView(db, id, reader(staff));
    if (view) return { view: wireView(view, staff) };
    return id === null ? undefined : { problem: "missing" };
  } catch (error) {
    dashboardLogger().warn({ err: error }, "saved view not read; /tasks opens with the default view");
    return id === null ? undefined : { problem: "unavailable" };
  }
}
