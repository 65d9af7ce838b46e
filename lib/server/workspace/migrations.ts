// The workspace's schema, in order: data people create in the dashboard, which the service does not
// hold and a mirror rebuild must never touch. Never edit an applied migration: add a new one.
import type { SqlMigration } from "@/platform/sql/migrate";

export const workspaceMigrations: readonly SqlMigration[] = [
  {
    id: 1,
    name: "program overrides and the audit trail",
    sql: `
      -- What staff set over a learned maintenance program, one row per task type.
      CREATE TABLE workspace_program_overrides (
        task_type text PRIMARY KEY,
        no_program boolean NOT NULL,
        interval_days integer CHECK (interval_days BETWEEN 1 AND 3660),
        interval_miles integer CHECK (interval_miles BETWEEN 1 AND 1000000),
        due_soon_share real CHECK (due_soon_share >= 0.01 AND due_soon_share <= 0.5),
        changed_by text NOT NULL,
        changed_at timestamptz(3) NOT NULL DEFAULT now(),
        CHECK (NOT no_program OR (interval_days IS NULL AND interval_miles IS NULL AND due_soon_share IS NULL))
      );

      -- Who did what and when, appended and never changed: each record is an action and what it
      -- names (never a secret). A trigger refuses updates and deletes, so no code path rewrites
      -- history.
      CREATE TABLE workspace_audit (
        id bigserial PRIMARY KEY,
        at timestamptz(3) NOT NULL DEFAULT now(),
        actor text NOT NULL,
        action text NOT NULL,
        details jsonb NOT NULL
      );
      CREATE INDEX workspace_audit_by_time ON workspace_audit (at, id);
      CREATE FUNCTION workspace_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'the audit trail is append-only';
        END;
      $$;
      CREATE TRIGGER workspace_audit_append_only BEFORE UPDATE OR DELETE ON workspace_audit
        FOR EACH ROW EXECUTE FUNCTION workspace_audit_append_only();
    `,
  },
  {
    id: 2,
    name: "audit records expire after the retention an operator sets; records made elsewhere are found by id",
    sql: `
      -- A record made outside the dashboard (the staff command line's) carries its own id, looked
      -- up before it is taken in, so that it is taken in once: without an index, each look would
      -- read the whole trail.
      CREATE INDEX workspace_audit_by_record_id ON workspace_audit ((details->>'record_id'));

      -- Still append-only: no update ever, and a delete only of a record older than the retention
      -- that the deleting transaction names (SET LOCAL workspace.audit_keep_days), which only the
      -- retention's pruning does.
      CREATE OR REPLACE FUNCTION workspace_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          keep_days integer := nullif(current_setting('workspace.audit_keep_days', true), '')::integer;
        BEGIN
          IF TG_OP = 'DELETE' AND keep_days IS NOT NULL
             AND OLD.at < now() - make_interval(days => keep_days) THEN
            RETURN OLD;
          END IF;
          RAISE EXCEPTION 'the audit trail is append-only';
        END;
      $$;
    `,
  },
  {
    id: 3,
    name: "saved views of the tasks page and each person's start view",
    sql: `
      -- A named state of the tasks page (its link's parameters: filters, sort, zone, columns,
      -- widths, summary), its owner's alone or shared with everyone. The id is what a shared
      -- view's link carries, so it is random rather than counted: links cannot be walked.
      CREATE TABLE workspace_saved_views (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
        shared boolean NOT NULL DEFAULT false,
        state jsonb NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      );
      -- "Morning check" and "morning check" are one name to the person choosing from a menu.
      CREATE UNIQUE INDEX workspace_saved_views_name ON workspace_saved_views (owner, lower(name));
      CREATE INDEX workspace_saved_views_shared ON workspace_saved_views (shared) WHERE shared;

      -- The view /tasks opens with for a person; gone with the view it names.
      CREATE TABLE workspace_start_views (
        owner text PRIMARY KEY,
        view_id uuid NOT NULL REFERENCES workspace_saved_views (id) ON DELETE CASCADE,
        set_at timestamptz(3) NOT NULL DEFAULT now()
      );
      CREATE INDEX workspace_start_views_view ON workspace_start_views (view_id);
    `,
  },
  {
    id: 4,
    name: "a record made elsewhere stands at the time it happened",
    sql: `
      -- Records of the staff command line and of sign-ins wait beside the staff file until the
      -- trail is next read. Taken in before this migration, they stand at that reading, where a
      -- filter of the day they happened misses them: each is moved to the time it happened (never
      -- later than it stood), keeping when it was taken in among its details. The trail's trigger
      -- refuses every update, so it is off for this one correction, inside this transaction.
      ALTER TABLE workspace_audit DISABLE TRIGGER workspace_audit_append_only;
      UPDATE workspace_audit
        SET at = least((details->>'happened_at')::timestamptz, at),
            details = details || jsonb_build_object(
              'taken_in_at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        WHERE details ? 'record_id' AND NOT details ? 'taken_in_at'
          -- An instant from 1970 on, as a record is placed now (audit.ts): a year 0 would fail the cast.
          AND details->>'happened_at' ~ '^(19[7-9]\\d|[2-9]\\d{3})-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
      ALTER TABLE workspace_audit ENABLE TRIGGER workspace_audit_append_only;
    `,
  },
];
