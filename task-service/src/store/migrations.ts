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
];
