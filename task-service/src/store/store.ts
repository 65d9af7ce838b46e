// The one storage abstraction: PostgreSQL SQL, executed by PGlite (embedded) or by a real server through pg.

export interface SqlExecutor {
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Store extends SqlExecutor {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

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
