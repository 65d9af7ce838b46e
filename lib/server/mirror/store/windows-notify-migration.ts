import type { MirrorMigration } from "./migrations";

// Migration 5: every change to what the coverage verdict reads of mirror_windows (a window added or
// dropped, its bounds or as_of written) sends NOTIFY mirror_windows_changed in the changing
// transaction, delivered at commit; each instance drops its snapshot of the windows on it
// (read/coverage-cache.ts, MIRROR_WINDOWS_CHANNEL). A trigger, so every writer is covered: the sync's
// apply, the horizon's alignment, a new source emptying the mirror, an operator's plain SQL.
// Not viewed_at: every mirrored request writes it (noteViewed), and it is no part of the verdict.
// Row-level, so a statement that changes no row (the horizon's INSERT ... ON CONFLICT DO NOTHING
// of days already there) sends nothing; PostgreSQL folds a transaction's equal notifications into one.

export const windowsNotifyMigration: MirrorMigration = {
  id: 5,
  name: "mirror_windows changes notify every instance",
  sql: `
    CREATE FUNCTION mirror_notify_windows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('mirror_windows_changed', '');
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER mirror_windows_notify AFTER INSERT OR DELETE OR UPDATE OF starts_at, ends_at, as_of
      ON mirror_windows FOR EACH ROW EXECUTE FUNCTION mirror_notify_windows_changed();
    CREATE TRIGGER mirror_windows_notify_truncate AFTER TRUNCATE ON mirror_windows
      FOR EACH STATEMENT EXECUTE FUNCTION mirror_notify_windows_changed();
  `,
};
