// The one query interface both programs' stores use, whichever database holds the data: PGlite
// embedded in the process, or a PostgreSQL server that several processes share. Both run the same
// PostgreSQL SQL, so code above this interface never asks which one it has.

export interface SqlExecutor {
  /** Values only ever as bound parameters ($1, $2, ...). */
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlDb extends SqlExecutor {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Commits what `work` did, or nothing of it when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
