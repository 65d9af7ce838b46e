// The schema's history, in order. Never edit an applied migration: add a new one.
import type { SqlMigration } from "../../../platform/sql/migrate";

export const migrations: readonly SqlMigration[] = [
  {
    id: 1,
    name: "initial schema",
    sql: `
      CREATE TABLE locations (
        id text COLLATE "C" PRIMARY KEY,
        name text NOT NULL,
        timezone text NOT NULL,
        address text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- Millisecond timestamps, so the value a cursor carries is exactly the stored one.
      CREATE TABLE tasks (
        id text COLLATE "C" PRIMARY KEY,
        vehicle_id text COLLATE "C" NOT NULL,
        mva text COLLATE "C" NOT NULL,
        vin text,
        task_type text COLLATE "C" NOT NULL,
        status text NOT NULL,
        location_id text COLLATE "C" NOT NULL REFERENCES locations (id),
        started_at timestamptz(3) NOT NULL,
        odometer_miles integer NOT NULL CHECK (odometer_miles >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- Keyset pagination walks (started_at, id); each filter gets its own prefix so any
      -- page, however deep, is an index range scan. B-trees serve both orders.
      CREATE INDEX tasks_by_time ON tasks (started_at, id);
      CREATE INDEX tasks_by_location ON tasks (location_id, started_at, id);
      CREATE INDEX tasks_by_mva ON tasks (mva, started_at, id);
      CREATE INDEX tasks_by_vehicle ON tasks (vehicle_id, started_at, id);
      CREATE INDEX tasks_by_type ON tasks (task_type, started_at, id);

      CREATE TABLE clients (
        client_id text COLLATE "C" PRIMARY KEY,
        secret_hash text NOT NULL,
        scopes text[] NOT NULL,
        description text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        revoked_at timestamptz
      );

      CREATE TABLE signing_keys (
        kid text COLLATE "C" PRIMARY KEY,
        public_jwk jsonb NOT NULL,
        -- NULL when the private half is supplied by configuration rather than stored.
        private_jwk jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        active boolean NOT NULL DEFAULT false
      );
      CREATE UNIQUE INDEX signing_keys_one_active ON signing_keys (active) WHERE active;

      CREATE TABLE service_settings (
        name text PRIMARY KEY,
        value text NOT NULL
      );
    `,
  },
  {
    id: 2,
    name: "notify client changes",
    // In the changing transaction, so the notice leaves at its commit and never for a rollback; a
    // trigger rather than the repository, so no writer can change a client without it
    // (task-service/src/auth/client-directory.ts). The channel's name is CLIENT_CHANGES_CHANNEL.
    sql: `
      CREATE FUNCTION vts_notify_client_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('vts_client_changes', '*');
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify('vts_client_changes', OLD.client_id);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_notify('vts_client_changes', NEW.client_id);
        END IF;
        RETURN NULL;
      END
      $$;

      CREATE TRIGGER clients_notify AFTER INSERT OR UPDATE OR DELETE ON clients
        FOR EACH ROW EXECUTE FUNCTION vts_notify_client_change();
      CREATE TRIGGER clients_notify_truncate AFTER TRUNCATE ON clients
        FOR EACH STATEMENT EXECUTE FUNCTION vts_notify_client_change();
    `,
  },
  {
    id: 3,
    name: "each task's wire JSON kept in a column",
    // GET /v1/tasks answers a page by joining these texts (http/task-page-bytes.ts): the bytes
    // taskOfRow + JSON.stringify give, prepared when a task is written instead of on every read.
    // to_json escapes a string exactly as JSON.stringify does (the quote, the backslash, \b \f \n \r
    // \t by name, other control characters as lowercase \u00xx; text holds no NUL nor lone surrogate),
    // and the instant is written as wireStartedAt (contract/service/task-row.ts) writes it, spelled out
    // here because an applied migration must never change. Triggers keep it true for any writer that
    // does not write it (below), and a location's rename rewrites its tasks' (ids cannot change
    // while tasks point at them).
    // test/store/task-wire-json.test.ts holds both stores to taskOfRow's bytes for awkward text.
    sql: `
      CREATE FUNCTION vts_task_wire_json(
        id text, vehicle_id text, mva text, vin text, task_type text, status text,
        location_id text, location_name text, started_at timestamptz, odometer_miles integer
      ) RETURNS text LANGUAGE sql STABLE AS $fn$
        SELECT '{"id":' || to_json(id)::text
          || ',"vehicle_id":' || to_json(vehicle_id)::text
          || ',"mva":' || to_json(mva)::text
          || ',"vin":' || coalesce(to_json(vin)::text, 'null')
          || ',"task_type":' || to_json(task_type)::text
          || ',"status":' || to_json(status)::text
          || ',"location":{"id":' || to_json(location_id)::text
          || ',"name":' || coalesce(to_json(location_name)::text, 'null')
          || '},"started_at":"' || to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          || '","odometer_miles":' || odometer_miles::text || '}'
      $fn$;

      ALTER TABLE tasks ADD COLUMN wire_json text;
      UPDATE tasks t SET wire_json = vts_task_wire_json(t.id, t.vehicle_id, t.mva, t.vin, t.task_type,
        t.status, t.location_id, l.name, t.started_at, t.odometer_miles)
        FROM locations l WHERE l.id = t.location_id;
      ALTER TABLE tasks ALTER COLUMN wire_json SET NOT NULL;

      -- A missing location (the foreign key then refuses the row) writes "name":null, so the
      -- foreign key's error, not NOT NULL's, is the one a writer sees.
      CREATE FUNCTION vts_task_set_wire_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        NEW.wire_json := vts_task_wire_json(NEW.id, NEW.vehicle_id, NEW.mva, NEW.vin, NEW.task_type,
          NEW.status, NEW.location_id, (SELECT name FROM locations WHERE id = NEW.location_id),
          NEW.started_at, NEW.odometer_miles);
        RETURN NEW;
      END
      $fn$;
      -- The import writes the JSON in its own INSERT (upsertTasks: a trigger per row made a
      -- million-task import twice as slow), so the triggers run only for a writer that did not:
      -- an INSERT without it, or an UPDATE that changed what the JSON holds but not the JSON.
      CREATE TRIGGER tasks_wire_json_insert BEFORE INSERT ON tasks
        FOR EACH ROW WHEN (NEW.wire_json IS NULL) EXECUTE FUNCTION vts_task_set_wire_json();
      CREATE TRIGGER tasks_wire_json_update BEFORE UPDATE ON tasks
        FOR EACH ROW WHEN (NEW.wire_json IS NOT DISTINCT FROM OLD.wire_json
          AND (NEW.id, NEW.vehicle_id, NEW.mva, NEW.vin, NEW.task_type, NEW.status, NEW.location_id,
            NEW.started_at, NEW.odometer_miles)
          IS DISTINCT FROM (OLD.id, OLD.vehicle_id, OLD.mva, OLD.vin, OLD.task_type, OLD.status,
            OLD.location_id, OLD.started_at, OLD.odometer_miles))
        EXECUTE FUNCTION vts_task_set_wire_json();

      CREATE FUNCTION vts_location_renamed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE tasks t SET wire_json = vts_task_wire_json(t.id, t.vehicle_id, t.mva, t.vin, t.task_type,
          t.status, t.location_id, NEW.name, t.started_at, t.odometer_miles)
          WHERE t.location_id = NEW.id;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER locations_renamed AFTER UPDATE OF name ON locations
        FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION vts_location_renamed();
    `,
  },
  {
    id: 4,
    name: "task change feed",
    // GET /v1/task-changes lists tasks in the order their last change was written, and must never
    // skip a change: a transaction that commits after a later one (two imports side by side, one
    // slow) must still be delivered after a reader has passed the later one. A timestamp or a
    // sequence is assigned before commit, so a reader could pass it while its writer is still open.
    // Each row instead keeps the id of the transaction that last changed it (change_xid), and a
    // reader returns only rows whose transaction is older than every transaction still running
    // (the snapshot's xmin): those have all committed or aborted, so nothing can appear behind a
    // position once it was returned. A row changed again moves to its new transaction's place.
    //
    // updated_at joins the wire JSON (the function gains it; the triggers of migration 3 now call
    // the new one). A change is a write that alters what the JSON holds: an import line identical
    // to the stored task changes nothing (upsertTasks skips it), and a location's rename changes
    // its tasks. Writers that set change_xid themselves (the import, the rename) skip the per-row
    // trigger, as they skip the wire JSON's.
    sql: `
      CREATE FUNCTION vts_task_json(
        id text, vehicle_id text, mva text, vin text, task_type text, status text,
        location_id text, location_name text, started_at timestamptz, odometer_miles integer,
        updated_at timestamptz
      ) RETURNS text LANGUAGE sql STABLE AS $fn$
        SELECT '{"id":' || to_json(id)::text
          || ',"vehicle_id":' || to_json(vehicle_id)::text
          || ',"mva":' || to_json(mva)::text
          || ',"vin":' || coalesce(to_json(vin)::text, 'null')
          || ',"task_type":' || to_json(task_type)::text
          || ',"status":' || to_json(status)::text
          || ',"location":{"id":' || to_json(location_id)::text
          || ',"name":' || coalesce(to_json(location_name)::text, 'null')
          || '},"started_at":"' || to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          || '","odometer_miles":' || odometer_miles::text
          || ',"updated_at":"' || to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          || '"}'
      $fn$;

      ALTER TABLE tasks ADD COLUMN change_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
      UPDATE tasks t SET wire_json = vts_task_json(t.id, t.vehicle_id, t.mva, t.vin, t.task_type,
        t.status, t.location_id, l.name, t.started_at, t.odometer_miles, t.updated_at)
        FROM locations l WHERE l.id = t.location_id;
      CREATE INDEX tasks_by_change ON tasks (change_xid, id);

      CREATE OR REPLACE FUNCTION vts_task_set_wire_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          NEW.updated_at := now();
          NEW.change_xid := pg_current_xact_id();
        END IF;
        NEW.wire_json := vts_task_json(NEW.id, NEW.vehicle_id, NEW.mva, NEW.vin, NEW.task_type,
          NEW.status, NEW.location_id, (SELECT name FROM locations WHERE id = NEW.location_id),
          NEW.started_at, NEW.odometer_miles, NEW.updated_at);
        RETURN NEW;
      END
      $fn$;
      DROP TRIGGER tasks_wire_json_update ON tasks;
      CREATE TRIGGER tasks_changed BEFORE UPDATE ON tasks
        FOR EACH ROW WHEN (NEW.change_xid = OLD.change_xid
          AND (NEW.id, NEW.vehicle_id, NEW.mva, NEW.vin, NEW.task_type, NEW.status, NEW.location_id,
            NEW.started_at, NEW.odometer_miles)
          IS DISTINCT FROM (OLD.id, OLD.vehicle_id, OLD.mva, OLD.vin, OLD.task_type, OLD.status,
            OLD.location_id, OLD.started_at, OLD.odometer_miles))
        EXECUTE FUNCTION vts_task_set_wire_json();

      CREATE OR REPLACE FUNCTION vts_location_renamed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE tasks t SET updated_at = now(), change_xid = pg_current_xact_id(),
          wire_json = vts_task_json(t.id, t.vehicle_id, t.mva, t.vin, t.task_type, t.status,
            t.location_id, NEW.name, t.started_at, t.odometer_miles, now())
          WHERE t.location_id = NEW.id;
        RETURN NULL;
      END
      $fn$;

      DROP FUNCTION vts_task_wire_json(text, text, text, text, text, text, text, text, timestamptz, integer);
    `,
  },
  {
    id: 5,
    name: "a task's updated_at only moves forward",
    // now() is when the writing transaction began, so a slow import that commits after a quick
    // change to the same task stamped it earlier than the version it replaced, and a reader that
    // keeps the newer updated_at (the dashboard's mirror) kept the replaced one. Each change now
    // lands at least a millisecond (the wire's precision) after the version it replaces.
    sql: `
      CREATE FUNCTION vts_next_updated_at(previous timestamptz) RETURNS timestamptz
        LANGUAGE sql STABLE AS $fn$ SELECT greatest(now(), previous + interval '1 millisecond') $fn$;

      CREATE OR REPLACE FUNCTION vts_task_set_wire_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          NEW.updated_at := vts_next_updated_at(OLD.updated_at);
          NEW.change_xid := pg_current_xact_id();
        END IF;
        NEW.wire_json := vts_task_json(NEW.id, NEW.vehicle_id, NEW.mva, NEW.vin, NEW.task_type,
          NEW.status, NEW.location_id, (SELECT name FROM locations WHERE id = NEW.location_id),
          NEW.started_at, NEW.odometer_miles, NEW.updated_at);
        RETURN NEW;
      END
      $fn$;

      CREATE OR REPLACE FUNCTION vts_location_renamed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE tasks t SET updated_at = vts_next_updated_at(t.updated_at),
          change_xid = pg_current_xact_id(),
          wire_json = vts_task_json(t.id, t.vehicle_id, t.mva, t.vin, t.task_type, t.status,
            t.location_id, NEW.name, t.started_at, t.odometer_miles, vts_next_updated_at(t.updated_at))
          WHERE t.location_id = NEW.id;
        RETURN NULL;
      END
      $fn$;
    `,
  },
];
