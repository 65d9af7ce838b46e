import "server-only";
import type { SqlDb } from "@/platform/sql/sql-db";
import { pruneAudit } from "./audit";

// The operator's retention (AUDIT_RETENTION_DAYS): records older than it are deleted when the
// workspace opens and once a day after, by each instance (a second instance's pruning finds nothing).

const EVERY_MS = 24 * 3_600_000;

export interface AuditRetention {
  stop(): void;
}

export function keepAuditFor(
  db: SqlDb,
  keepDays: number,
  report: { pruned(count: number): void; failed(error: unknown): void },
): AuditRetention {
  const prune = () =>
    pruneAudit(db, keepDays).then(
      (count) => {
        if (count > 0) report.pruned(count);
      },
      // The next day's pruning tries again; nothing is lost by waiting.
      (error: unknown) => report.failed(error),
    );
  void prune();
  const timer = setInterval(() => void prune(), EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
