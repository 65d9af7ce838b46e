import "server-only";
import type { ProgramOverride, ProgramSettings } from "../maintenance";
import type { SqlExecutor, SqlTransaction } from "@/platform/sql/sql-db";
import type { WorkspaceDb } from "./workspace-db";
import { recordAudit } from "./audit";

// Staff's overrides of maintenance programs, each change recorded in the audit trail with what
// the type's override was before and after, in the same transaction as the change.

const COLUMNS = `task_type, no_program, interval_days, interval_miles, due_soon_share, changed_by,
  to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_at`;

interface OverrideRow extends Omit<ProgramOverride, "due_soon_share"> {
  due_soon_share: number | string | null;
}

// real comes back as 0.15000001 through some drivers; the share is set to two places at most.
const fromRow = (row: OverrideRow): ProgramOverride => ({
  ...row,
  due_soon_share: row.due_soon_share === null ? null : Math.round(Number(row.due_soon_share) * 1e4) / 1e4,
});

export async function listOverrides(db: SqlExecutor): Promise<ProgramOverride[]> {
  const rows = await db.query<OverrideRow>(
    `SELECT ${COLUMNS} FROM workspace_program_overrides ORDER BY task_type`,
  );
  return rows.map(fromRow);
}

async function overrideOf(tx: SqlExecutor, taskType: string): Promise<ProgramOverride | null> {
  const [row] = await tx.query<OverrideRow>(
    `SELECT ${COLUMNS} FROM workspace_program_overrides WHERE task_type = $1 FOR UPDATE`,
    [taskType],
  );
  return row ? fromRow(row) : null;
}

const settingsOf = (override: ProgramOverride | null): ProgramSettings | null =>
  override && {
    no_program: override.no_program,
    interval_days: override.interval_days,
    interval_miles: override.interval_miles,
    due_soon_share: override.due_soon_share,
  };

const sameSettings = (a: ProgramSettings, b: ProgramSettings) =>
  a.no_program === b.no_program &&
  a.interval_days === b.interval_days &&
  a.interval_miles === b.interval_miles &&
  a.due_soon_share === b.due_soon_share;

async function record(
  tx: SqlTransaction,
  actor: string,
  taskType: string,
  before: ProgramOverride | null,
  after: ProgramSettings | null,
): Promise<void> {
  await recordAudit(tx, actor, after === null ? "program_override_removed" : "program_override_set", {
    task_type: taskType,
    before: settingsOf(before),
    after,
  });
}

async function write(
  tx: SqlTransaction,
  taskType: string,
  settings: ProgramSettings,
  actor: string,
): Promise<ProgramOverride> {
  const before = await overrideOf(tx, taskType);
  const [row] = await tx.query<OverrideRow>(
    `INSERT INTO workspace_program_overrides
       (task_type, no_program, interval_days, interval_miles, due_soon_share, changed_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (task_type) DO UPDATE SET no_program = EXCLUDED.no_program,
       interval_days = EXCLUDED.interval_days, interval_miles = EXCLUDED.interval_miles,
       due_soon_share = EXCLUDED.due_soon_share, changed_by = EXCLUDED.changed_by, changed_at = now()
     RETURNING ${COLUMNS}`,
    [
      taskType,
      settings.no_program,
      settings.interval_days,
      settings.interval_miles,
      settings.due_soon_share,
      actor,
    ],
  );
  await record(tx, actor, taskType, before, settings);
  return fromRow(row!);
}

/** Sets a type's override (replacing any before it); returns it as stored. */
export function saveOverride(
  db: WorkspaceDb,
  taskType: string,
  settings: ProgramSettings,
  actor: string,
): Promise<ProgramOverride> {
  return db.transaction((tx) => write(tx, taskType, settings, actor));
}

/** Removes a type's override, so the learned program stands again; false when there was none. */
export function removeOverride(db: WorkspaceDb, taskType: string, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await overrideOf(tx, taskType);
    if (!before) return false;
    await tx.query("DELETE FROM workspace_program_overrides WHERE task_type = $1", [taskType]);
    await record(tx, actor, taskType, before, null);
    return true;
  });
}

/**
 * Makes the overrides exactly these (an import): each type's setting written, every other type's
 * removed, all in one transaction. Only what changes is written and recorded.
 */
export function replaceOverrides(
  db: WorkspaceDb,
  wanted: ReadonlyMap<string, ProgramSettings>,
  actor: string,
): Promise<{ set: number; removed: number; unchanged: number }> {
  return db.transaction(async (tx) => {
    const counts = { set: 0, removed: 0, unchanged: 0 };
    for (const current of await listOverrides(tx)) {
      if (wanted.has(current.task_type)) continue;
      await tx.query("DELETE FROM workspace_program_overrides WHERE task_type = $1", [current.task_type]);
      await record(tx, actor, current.task_type, current, null);
      counts.removed += 1;
    }
    for (const [taskType, settings] of wanted) {
      const before = settingsOf(await overrideOf(tx, taskType));
      if (before !== null && sameSettings(before, settings)) {
        counts.unchanged += 1;
        continue;
      }
      await write(tx, taskType, settings, actor);
      counts.set += 1;
    }
    return counts;
  });
}
