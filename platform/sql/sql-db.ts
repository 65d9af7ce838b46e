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
  /** false: delivery stopped (connection lost); true: listening again after such a loss. */
  onListening(listening: boolean): void;
}

export interface Subscription {
  close(): Promise<void>;
}
