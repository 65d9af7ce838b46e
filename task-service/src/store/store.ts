// The one storage abstraction: PostgreSQL SQL, executed by PGlite (embedded) or by a real server
// through pg (platform/sql/sql-db.ts). What is the service's own: which errors mean "unavailable".
import type { SqlDb } from "../../../platform/sql/sql-db";

export type { SqlExecutor } from "../../../platform/sql/sql-db";
export type Store = SqlDb;

/** Errors that mean "the store cannot be reached", as opposed to a bad query. */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Node socket errors, and PostgreSQL classes 08 (connection) and 57P (operator intervention / shutdown).
    if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"].includes(code))
      return true;
    if (code.startsWith("08") || code.startsWith("57P")) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
    error.message,
  );
}
