import "server-only";
import type { SqlExecutor } from "@/platform/sql/sql-db";

// The audit trail's one way in: a record of who did what, with what it names. Written in the same
// transaction as the change it records where the change is in this database, so neither is kept
// without the other; never with a secret, password or token in its details.

export type AuditAction = "program_override_set" | "program_override_removed" | "staff_access_changed";

export async function recordAudit(
  db: SqlExecutor,
  actor: string,
  action: AuditAction,
  details: Record<string, unknown>,
): Promise<void> {
  await db.query("INSERT INTO workspace_audit (actor, action, details) VALUES ($1, $2, $3)", [
    actor,
    action,
    JSON.stringify(details),
  ]);
}
