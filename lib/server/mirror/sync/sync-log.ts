import "server-only";

// Where the mirror's sync says what it met: the dashboard's logger in production, nothing in tests
// that do not look. Messages never hold the database's connection string; an error goes as the
// second argument, for the logger's own redaction.

export interface SyncLog {
  /** An expected failure that changes nothing an operator must act on. */
  debug(message: string, error?: unknown): void;
  info(message: string): void;
  warn(message: string): void;
}

export const SILENT_SYNC_LOG: SyncLog = { debug: () => {}, info: () => {}, warn: () => {} };
