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
];
