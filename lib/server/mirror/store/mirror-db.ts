import "server-only";

// The one query interface the mirror's code uses, whichever database holds the mirror: PGlite
// embedded in this process, or a PostgreSQL that several dashboard instances share.

export interface MirrorExecutor {
  /** Values only ever as bound parameters ($1, $2, ...). */
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface MirrorDb extends MirrorExecutor {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Commits what `work` did, or nothing of it when it throws. */
  transaction<T>(work: (tx: MirrorExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
