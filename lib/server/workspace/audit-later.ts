import "server-only";
import type { SqlExecutor } from "@/platform/sql/sql-db";
import { recordAudit, type AuditAction } from "./audit";

// Records of the sign-in flow (a sign-in, a failed one, a sign-out). Auth.js's callbacks must not
// fail, or keep someone waiting, because the workspace's database is slow or away: their records
// are queued in this process and written as soon as it answers, in order, retried every few
// seconds meanwhile. Only a process that dies with records still queued loses them (the log has
// every sign-in and sign-out too), and a queue past its bound drops its oldest, saying how many.

interface Pending {
  actor: string;
  action: AuditAction;
  details: Record<string, unknown>;
  at: string;
}

const RETRY_MS = 5_000;
const MAX_PENDING = 10_000;

interface Queue {
  open?: () => Promise<SqlExecutor>;
  pending: Pending[];
  writing: boolean;
  retry?: NodeJS.Timeout;
  report: (problem: { err?: unknown; dropped?: number }, message: string) => void;
}

// On globalThis: Next bundles Auth.js's route apart from the routes that open the workspace, each
// with its own copy of this module, and both must reach one queue.
const shared = globalThis as typeof globalThis & { __auditLater?: Queue };
const queue = (shared.__auditLater ??= { pending: [], writing: false, report: () => {} });

/**
 * Where queued records go: the dashboard's workspace, once its backend exists, and how a failure
 * to write them is reported (the log). Records queued before are written now.
 */
export function writeQueuedAuditTo(
  open: () => Promise<SqlExecutor>,
  report: (problem: { err?: unknown; dropped?: number }, message: string) => void,
): void {
  queue.open = open;
  queue.report = report;
  void flush();
}

/** Queues a record of the sign-in flow; its time is now, whenever it is written. */
export function recordAuditLater(actor: string, action: AuditAction, details: Record<string, unknown>): void {
  queue.pending.push({ actor, action, details, at: new Date().toISOString() });
  if (queue.pending.length > MAX_PENDING) {
    const dropped = queue.pending.splice(0, queue.pending.length - MAX_PENDING).length;
    queue.report({ dropped }, "audit records dropped: the workspace has not answered for too long");
  }
  void flush();
}

async function flush(): Promise<void> {
  // Nothing to write opens nothing: the workspace opens at its first use, as everywhere else.
  if (queue.writing || !queue.open || queue.pending.length === 0) return;
  queue.writing = true;
  try {
    const db = await queue.open();
    while (queue.pending.length > 0) {
      const next = queue.pending[0]!;
      await recordAudit(db, next.actor, next.action, { ...next.details, happened_at: next.at });
      queue.pending.shift();
    }
  } catch (error) {
    queue.report({ err: error }, "audit records not written yet; retrying while the workspace is away");
    clearTimeout(queue.retry);
    queue.retry = setTimeout(() => void flush(), RETRY_MS);
    queue.retry.unref();
  } finally {
    queue.writing = false;
  }
}
