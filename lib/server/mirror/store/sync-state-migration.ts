import type { MirrorMigration } from "./migrations";

// Migration 3: what every instance must see of the one syncer (GET /api/mirror), and what the
// read side tells it: who leads, the last error, the calls sync spent, which windows people view.

export const syncStateMigration: MirrorMigration = {
  id: 3,
  name: "sync state: source, leader, last error, calls spent, viewed windows",
  sql: `
    -- When someone last looked at the window; the syncer refreshes such windows first.
    ALTER TABLE mirror_windows ADD COLUMN viewed_at timestamptz(3);

    -- One row: the syncer's state as the leader last wrote it.
    CREATE TABLE mirror_sync_state (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      -- Which service (base URL and client) the mirror holds; another one empties it.
      source text,
      leader text,
      leader_since timestamptz(3),
      locations_as_of timestamptz(3),
      last_error text,
      last_error_at timestamptz(3)
    );
    INSERT INTO mirror_sync_state DEFAULT VALUES;

    -- One row per upstream call sync made, kept for an hour (calls spent in the last minute/hour).
    CREATE TABLE mirror_sync_calls (at timestamptz(3) NOT NULL);
    CREATE INDEX mirror_sync_calls_by_time ON mirror_sync_calls (at);
  `,
};
