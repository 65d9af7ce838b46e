import "server-only";
import type { SqlExecutor, SqlTransaction } from "@/platform/sql/sql-db";
import { recordAudit } from "./audit";
import { VIEWS_PER_OWNER_MAX, type ViewState } from "./saved-view-shape";
import type { WorkspaceDb } from "./workspace-db";

// Saved views of the tasks page and each person's start view. A person sees their own views and
// every shared one; only the owner changes a view, and a shared one may also be deleted by whoever
// the caller says may (an admin). Creating, sharing, unsharing and deleting are recorded in the
// audit trail in the same transaction as the change. Owners are emails as the session names them,
// in lower case.

export interface SavedView {
  id: string;
  owner: string;
  name: string;
  shared: boolean;
  state: ViewState;
  created_at: string;
  updated_at: string;
}

/** Why a change was not made; the caller words it. */
type ViewProblem = "not_found" | "not_owner" | "name_taken" | "too_many";
export type ViewOutcome<T> = { ok: true; value: T } | { ok: false; problem: ViewProblem };

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const COLUMNS = `id::text AS id, owner, name, shared, state, ${iso("created_at")}, ${iso("updated_at")}`;

interface ViewRow extends Omit<SavedView, "state"> {
  state: unknown;
}

// Some drivers hand jsonb back as text.
const fromRow = (row: ViewRow): SavedView => ({
  ...row,
  state: (typeof row.state === "string" ? JSON.parse(row.state) : row.state) as ViewState,
});

const VISIBLE_TO = "(owner = $1 OR shared)";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a view at all: anything else is no view, without asking the database. */
const isViewId = (id: string): boolean => UUID.test(id);

/** The reader's views, then the shared views of others, each by name. */
export async function listSavedViews(db: SqlExecutor, reader: string): Promise<SavedView[]> {
  const rows = await db.query<ViewRow>(
    `SELECT ${COLUMNS} FROM workspace_saved_views WHERE ${VISIBLE_TO}
     ORDER BY owner <> $1, lower(name), owner`,
    [reader],
  );
  return rows.map(fromRow);
}

/** A view the reader may open (their own or a shared one), or undefined. */
export async function readSavedView(
  db: SqlExecutor,
  id: string,
  reader: string,
): Promise<SavedView | undefined> {
  if (!isViewId(id)) return undefined;
  const [row] = await db.query<ViewRow>(
    `SELECT ${COLUMNS} FROM workspace_saved_views WHERE id = $2::uuid AND ${VISIBLE_TO}`,
    [reader, id],
  );
  return row && fromRow(row);
}

/** The reader's start view while they may still open it (a view unshared since is not). */
export async function startViewOf(db: SqlExecutor, reader: string): Promise<SavedView | undefined> {
  const [row] = await db.query<ViewRow>(
    `SELECT ${COLUMNS} FROM workspace_saved_views
     WHERE id = (SELECT view_id FROM workspace_start_views WHERE owner = $1) AND ${VISIBLE_TO}`,
    [reader],
  );
  return row && fromRow(row);
}

const auditDetails = (view: SavedView) => ({
  view_id: view.id,
  name: view.name,
  owner: view.owner,
  shared: view.shared,
});

/**
 * One person's views are counted and named under a lock on their name, held to the transaction's
 * end: two saves at once cannot both pass the count, nor two saves or renames both take a name.
 */
async function lockViewsOf(tx: SqlTransaction, owner: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`saved views of ${owner}`]);
}

export function createSavedView(
  db: WorkspaceDb,
  owner: string,
  view: { name: string; shared: boolean; state: ViewState },
): Promise<ViewOutcome<SavedView>> {
  return db.transaction(async (tx) => {
    await lockViewsOf(tx, owner);
    const [count] = await tx.query<{ count: string | number }>(
      "SELECT count(*) AS count FROM workspace_saved_views WHERE owner = $1",
      [owner],
    );
    if (Number(count?.count ?? 0) >= VIEWS_PER_OWNER_MAX) return { ok: false, problem: "too_many" };
    const [row] = await tx.query<ViewRow>(
      `INSERT INTO workspace_saved_views (owner, name, shared, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (owner, lower(name)) DO NOTHING RETURNING ${COLUMNS}`,
      [owner, view.name, view.shared, JSON.stringify(view.state)],
    );
    if (!row) return { ok: false, problem: "name_taken" };
    const created = fromRow(row);
    await recordAudit(tx, owner, "view_created", auditDetails(created));
    return { ok: true, value: created };
  });
}

async function ownedForChange(
  tx: SqlTransaction,
  id: string,
  actor: string,
): Promise<ViewOutcome<SavedView>> {
  if (!isViewId(id)) return { ok: false, problem: "not_found" };
  const [row] = await tx.query<ViewRow>(
    `SELECT ${COLUMNS} FROM workspace_saved_views WHERE id = $2::uuid AND ${VISIBLE_TO} FOR UPDATE`,
    [actor, id],
  );
  if (!row) return { ok: false, problem: "not_found" };
  return { ok: true, value: fromRow(row) };
}

/** Renames, shares or unshares, or replaces the state of, one of the actor's own views. */
export function changeSavedView(
  db: WorkspaceDb,
  id: string,
  actor: string,
  change: { name?: string | undefined; shared?: boolean | undefined; state?: ViewState | undefined },
): Promise<ViewOutcome<SavedView>> {
  return db.transaction(async (tx) => {
    // Taken before the view's row, in the order a save takes them.
    if (change.name !== undefined) await lockViewsOf(tx, actor);
    const found = await ownedForChange(tx, id, actor);
    if (!found.ok) return found;
    const before = found.value;
    if (before.owner !== actor) return { ok: false, problem: "not_owner" };
    const [row] = await tx.query<ViewRow>(
      `UPDATE workspace_saved_views SET name = $2, shared = $3, state = $4, updated_at = now()
       WHERE id = $1::uuid
         AND NOT EXISTS (SELECT 1 FROM workspace_saved_views other
                         WHERE other.owner = $5 AND lower(other.name) = lower($2) AND other.id <> $1::uuid)
       RETURNING ${COLUMNS}`,
      [
        id,
        change.name ?? before.name,
        change.shared ?? before.shared,
        JSON.stringify(change.state ?? before.state),
        actor,
      ],
    );
    if (!row) return { ok: false, problem: "name_taken" };
    const after = fromRow(row);
    if (after.shared !== before.shared)
      await recordAudit(tx, actor, after.shared ? "view_shared" : "view_unshared", auditDetails(after));
    return { ok: true, value: after };
  });
}

/** Whether `actor` may delete a view: its owner, and anyone `mayDeleteShared` allows when it is shared. */
export function mayDeleteView(view: SavedView, actor: string, mayDeleteShared: boolean): boolean {
  return view.owner === actor || (view.shared && mayDeleteShared);
}

/** Deletes a view `actor` may delete (mayDeleteView); any start view naming it goes with it. */
export function deleteSavedView(
  db: WorkspaceDb,
  id: string,
  actor: string,
  mayDeleteShared: boolean,
): Promise<ViewOutcome<SavedView>> {
  return db.transaction(async (tx) => {
    const found = await ownedForChange(tx, id, actor);
    if (!found.ok) return found;
    const view = found.value;
    if (!mayDeleteView(view, actor, mayDeleteShared)) return { ok: false, problem: "not_owner" };
    await tx.query("DELETE FROM workspace_saved_views WHERE id = $1::uuid", [id]);
    await recordAudit(tx, actor, "view_deleted", auditDetails(view));
    return { ok: true, value: view };
  });
}

/** Makes a view the reader may open their start view. */
export function setStartView(db: WorkspaceDb, reader: string, id: string): Promise<ViewOutcome<SavedView>> {
  return db.transaction(async (tx) => {
    const view = await readSavedView(tx, id, reader);
    if (!view) return { ok: false, problem: "not_found" };
    // Held until the start view is written: a view deleted since would fail its foreign key.
    const held = await tx.query("SELECT 1 FROM workspace_saved_views WHERE id = $1::uuid FOR KEY SHARE", [
      id,
    ]);
    if (held.length === 0) return { ok: false, problem: "not_found" };
    await tx.query(
      `INSERT INTO workspace_start_views (owner, view_id) VALUES ($1, $2::uuid)
       ON CONFLICT (owner) DO UPDATE SET view_id = EXCLUDED.view_id, set_at = now()`,
      [reader, id],
    );
    return { ok: true, value: view };
  });
}

/** /tasks opens with the default view again; false when there was no start view. */
export async function clearStartView(db: SqlExecutor, reader: string): Promise<boolean> {
  const gone = await db.query("DELETE FROM workspace_start_views WHERE owner = $1 RETURNING owner", [reader]);
  return gone.length > 0;
}
