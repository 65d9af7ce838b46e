import "server-only";
import type { SqlDb, SqlExecutor } from "@/platform/sql/sql-db";

// The audit trail's one way in and one way out: a record of who did what, with what it names,
// appended and never changed. Written in the same transaction as the change it records where the
// change is in this database, so neither is kept without the other; never with a secret, password
// or token in its details.

export const AUDIT_ACTIONS = [
  "program_override_set",
  "program_override_removed",
  "staff_access_changed",
  "staff_added",
  "staff_removed",
  "staff_password_set",
  "sessions_ended",
  "export",
  "access_refused",
  "view_created",
  "view_shared",
  "view_unshared",
  "view_deleted",
  "sign_in",
  "sign_in_failed",
  "sign_out",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Text as PostgreSQL can store it: a NUL, or half of a surrogate pair, becomes U+FFFD. Input is
 * checked long before it reaches the trail; this is so that a text no check foresaw (a record left
 * beside the staff file by hand) costs one character, not a trail that refuses every write.
 */
function storable(text: string): string {
  return text.replaceAll("\0", "\uFFFD").toWellFormed();
}

/** `details` as JSON text PostgreSQL stores, every string in it (keys too) storable. */
function storableJson(details: Record<string, unknown>): string {
  return JSON.stringify(details, (_key, value: unknown) =>
    typeof value === "string"
      ? storable(value)
      : value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [storable(key), inner]))
        : value,
  );
}

export async function recordAudit(
  db: SqlExecutor,
  actor: string,
  action: AuditAction,
  details: Record<string, unknown>,
): Promise<void> {
  await db.query("INSERT INTO workspace_audit (actor, action, details) VALUES ($1, $2, $3)", [
    storable(actor),
    action,
    storableJson(details),
  ]);
}

/** SQL for a time as an ISO instant in UTC, rounded to the millisecond as the trail's times are. */
const UTC_MILLISECONDS_TEXT = (sql: string) =>
  `to_char((${sql})::timestamptz(3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Where a record made elsewhere can stand: the instant it says it happened, from 1970 on; null
 * otherwise, and it stands at its taking in. A hand-made record may say anything an ISO date
 * allows, but the database refuses a year 0, and PGlite reads a year below 100 back as 19xx (a
 * record no page of the trail could get past).
 */
function placeableInstant(text: string): string | null {
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms >= 0 ? new Date(ms).toISOString() : null;
}

/** Apart from the migrations' lock, so taking records in never waits on a migration. */
const TAKE_IN_LOCK_KEY = 7_315_016;

/**
 * A record made elsewhere (`id`, at `happenedAt`) taken into the trail once, however many
 * instances or retries take it in: its id goes into its details and is looked for first. It stands
 * at the time it happened, so a filter of that time finds it however late the trail was next read
 * (never later than now: a clock ahead cannot put it above what comes after; at its taking in when
 * that time is no instant from 1970 on), and its details say when it was taken in.
 */
export async function recordAuditOnce(
  db: SqlDb,
  record: {
    id: string;
    happenedAt: string;
    actor: string;
    action: AuditAction;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [TAKE_IN_LOCK_KEY]);
    await tx.query(
      // The taking in, and the cap on the record's time, by the database's clock, as every record's time.
      `INSERT INTO workspace_audit (at, actor, action, details)
       SELECT least(coalesce($5::timestamptz, now()), now()), $1, $2,
              $3::jsonb || jsonb_build_object('taken_in_at', ${UTC_MILLISECONDS_TEXT("now()")})
       WHERE NOT EXISTS (SELECT 1 FROM workspace_audit WHERE details->>'record_id' = $4)`,
      [
        storable(record.actor),
        record.action,
        storableJson({ ...record.details, happened_at: record.happenedAt, record_id: record.id }),
        record.id,
        placeableInstant(record.happenedAt),
      ],
    );
  });
}

/**
 * Deletes the records older than `keepDays` days, the only deletion the trail allows (its trigger
 * refuses any other): how many went.
 */
export async function pruneAudit(db: SqlDb, keepDays: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT set_config('workspace.audit_keep_days', $1, true)", [String(keepDays)]);
    const [gone] = await tx.query<{ count: string | number }>(
      `WITH gone AS (DELETE FROM workspace_audit WHERE at < now() - make_interval(days => $1::integer) RETURNING 1)
       SELECT count(*) AS count FROM gone`,
      [keepDays],
    );
    return Number(gone?.count ?? 0);
  });
}

export interface AuditRecord {
  id: number;
  at: string;
  actor: string;
  action: string;
  details: Record<string, unknown>;
}

export interface AuditFilters {
  actions?: readonly AuditAction[];
  actor?: string;
  /** ISO instants: from <= at < to. */
  from?: string;
  to?: string;
}

/** Where a page of the trail ends: its last record's time and id (the trail's order, newest first). */
export interface AuditPosition {
  at: string;
  id: number;
}

/** Records newest first (by time, then id), those after `after` (a page's last), at most `limit`. */
export async function readAudit(
  db: SqlExecutor,
  filters: AuditFilters,
  page: { after?: AuditPosition; limit: number },
): Promise<AuditRecord[]> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filters.actions) conditions.push(`action = ANY(${bind(filters.actions)}::text[])`);
  if (filters.actor !== undefined) conditions.push(`actor = ${bind(filters.actor)}`);
  if (filters.from !== undefined) conditions.push(`at >= ${bind(filters.from)}::timestamptz`);
  if (filters.to !== undefined) conditions.push(`at < ${bind(filters.to)}::timestamptz`);
  if (page.after !== undefined)
    conditions.push(`(at, id) < (${bind(page.after.at)}::timestamptz, ${bind(page.after.id)}::bigint)`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const rows = await db.query<{
    id: string | number;
    at: Date;
    actor: string;
    action: string;
    details: unknown;
  }>(
    `SELECT id, at, actor, action, details FROM workspace_audit ${where} ORDER BY at DESC, id DESC LIMIT ${bind(page.limit)}::integer`,
    values,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    action: row.action,
    details: (typeof row.details === "string" ? JSON.parse(row.details) : row.details) as Record<
      string,
      unknown
    >,
  }));
}
