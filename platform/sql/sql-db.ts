// The one query interface both programs' stores use, whichever database holds the data: PGlite
// embedded in the process, or a PostgreSQL server that several processes share. Both run the same
// PostgreSQL SQL, so code above this interface never asks which one it has.

export interface SqlExecutor {
  /** Values only ever as bound parameters ($1, $2, ...). */
  query<Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<Row[]>;
  /**
   * The same, each row an array of its values in the SELECT's column order: no object with named
   * keys per row, which is most of the driver's work on a hot read of many rows.
   */
  queryValues<Row extends readonly unknown[]>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface QueryOptions {
  /**
   * A read this process sends again and again with other values (a page). On PostgreSQL each
   * connection then parses the text once, as a named prepared statement, and after five runs the
   * server may keep one plan for every value (platform/sql/prepared-names.ts says what it saves and
   * what bounds it). Only for a statement whose best plan does not hang on its values: not for a
   * LIKE pattern, whose trigrams only a plan for that very pattern can use. PGlite ignores it.
   */
  prepared?: boolean;
}

export interface SqlTransaction extends SqlExecutor {
  /**
   * Runs a script of several statements as one simple-protocol call, without parameters
   * (migrations): the server parses it, so no quoting ($$, $fn$, '...;') is ever split wrongly.
   */
  exec(text: string): Promise<void>;
}

export interface SqlDb extends SqlExecutor {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Commits what `work` did, or nothing of it when it throws. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** Resolves once LISTEN is in place on `channel`; see ChangeFeed for what is and is not promised. */
  listen(channel: string, feed: ChangeFeed): Promise<Subscription>;
  close(): Promise<void>;
}

/**
 * NOTIFY is delivered after its transaction commits, and only to a session that is listening at
 * that moment: a notification sent while the listening connection was down is gone for good.
 * So whoever keeps state in step with notifications must drop it whenever `onListening(false)` or a
 * later `onListening(true)` says the feed had a gap.
 */
export interface ChangeFeed {
  onNotify(payload: string): void;
  /**
   * true: LISTEN is in place, first once it took hold and again after every loss; false: delivery
   * stopped (connection lost). A subscriber trusts its state only between a true and the next false.
   */
  onListening(listening: boolean): void;
  /** Why listening failed or stopped, for the operator's log (never holds the connection string). */
  onTrouble?(message: string): void;
}

export interface Subscription {
  close(): Promise<void>;
}

/** Errors that mean "the database cannot be reached", as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
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
