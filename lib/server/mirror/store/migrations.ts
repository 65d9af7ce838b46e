// The mirror's schema, in order. Never edit an applied migration: add a new one.
// Both the embedded store (PGlite) and a shared PostgreSQL run exactly these statements.
//
// The code calls its sync unit a "slice" (a stretch of the horizon read from the service and applied
// whole, with its own as_of); the stored names predate that word and keep "window": the table
// mirror_windows, its triggers, their function and the channel mirror_windows_changed. Renaming
// them would take a migration every existing mirror must run, and a shared database's instances
// would disagree on the names while they are upgraded one by one, for a name no one outside the
// code reads. Migrations 3 to 7 are named below, then listed with 1 and 2 in order.
import type { SqlMigration } from "@/platform/sql/migrate";

export type MirrorMigration = SqlMigration;

// Migration 3: what every instance must see of the one syncer (GET /api/mirror), and what the
// read side tells it: who leads, the last error, the calls sync spent, which slices people view.

const syncStateMigration: MirrorMigration = {
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

// Migration 4: search_text becomes a plain column the sync fills with JavaScript's case folding
// (store/search-text.ts), instead of a column generated with lower(), which under "C" folds ASCII
// letters only. Rows already held keep lower()'s folding until their slice is walked again
// (hot slices within minutes, the rest within the cold refresh period).
const searchTextMigration: MirrorMigration = {
  id: 4,
  name: "search text folded by the sync, not by lower()",
  sql: `
    ALTER TABLE mirror_tasks ALTER COLUMN search_text DROP EXPRESSION;
  `,
};

// Migration 5: every change to what the coverage verdict reads of mirror_windows (a slice added or
// dropped, its bounds or as_of written) sends NOTIFY mirror_windows_changed in the changing
// transaction, delivered at commit; each instance drops its snapshot of the slices on it
// (read/coverage-cache.ts, SLICES_CHANGED_CHANNEL). A trigger, so every writer is covered: the sync's
// apply, the horizon's alignment, a new source emptying the mirror, an operator's plain SQL.
// Not viewed_at: every mirrored request writes it (noteViewed), and it is no part of the verdict.
// Row-level, so a statement that changes no row (the horizon's INSERT ... ON CONFLICT DO NOTHING
// of days already there) sends nothing; PostgreSQL folds a transaction's equal notifications into one.

const slicesNotifyMigration: MirrorMigration = {
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

// Migration 6: when the service last changed each task (its updated_at, sent since it offers a change
// feed), so a mirrored task is answered as the service answers it. NULL for a task mirrored from
// a service that does not send it, and for rows held before this migration until their slice is
// walked again.
const taskUpdatedAtMigration: MirrorMigration = {
  id: 6,
  name: "tasks keep the service's updated_at",
  sql: `
    ALTER TABLE mirror_tasks ADD COLUMN updated_at timestamptz(3);
  `,
};

// Migration 7: the service's change feed (sync/feed.ts). The sync state keeps the feed's cursor,
// when it was taken (feed_since: slices walked after it are kept whole by the feed), and when the
// feed last brought every change committed before a read (feed_as_of): such slices are as fresh as
// that. A change to either reaches every instance's coverage snapshot like a slice's change does
// (migration 5's channel). fed_at: when the feed last wrote a task, so a walk that began before it
// neither overwrites nor deletes what the feed brought since.
const changeFeedMigration: MirrorMigration = {
  id: 7,
  name: "the service's change feed: cursor, since, as_of; tasks fed_at",
  sql: `
    ALTER TABLE mirror_tasks ADD COLUMN fed_at timestamptz(3);
    ALTER TABLE mirror_sync_state
      ADD COLUMN feed_offered boolean,
      ADD COLUMN feed_checked_at timestamptz(3),
      ADD COLUMN feed_cursor text,
      ADD COLUMN feed_since timestamptz(3),
      ADD COLUMN feed_as_of timestamptz(3);
    CREATE TRIGGER mirror_feed_notify AFTER UPDATE OF feed_since, feed_as_of ON mirror_sync_state
      FOR EACH ROW EXECUTE FUNCTION mirror_notify_windows_changed();
  `,
};

export const mirrorMigrations: readonly MirrorMigration[] = [
  {
    id: 1,
    name: "tasks, locations and sync windows",
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;

      CREATE TABLE mirror_locations (
        id text COLLATE "C" PRIMARY KEY,
        name text NOT NULL,
        timezone text NOT NULL,
        address text NOT NULL,
        -- When the walk that last wrote this row began.
        as_of timestamptz NOT NULL
      );

      -- One row per task as the service last answered it. The location's name is kept with the
      -- task, as the service sends it, so sort and search by location need no join.
      CREATE TABLE mirror_tasks (
        id text COLLATE "C" PRIMARY KEY,
        vehicle_id text COLLATE "C" NOT NULL,
        mva text COLLATE "C" NOT NULL,
        vin text COLLATE "C",
        task_type text COLLATE "C" NOT NULL,
        status text COLLATE "C" NOT NULL,
        location_id text COLLATE "C" NOT NULL,
        location_name text COLLATE "C" NOT NULL,
        started_at timestamptz(3) NOT NULL,
        odometer_miles integer NOT NULL,
        -- What the quick search (q) matches: lower-cased, one field per line, so a substring never
        -- spans two fields.
        search_text text NOT NULL GENERATED ALWAYS AS (
          lower(id || E'\\n' || mva || E'\\n' || vehicle_id || E'\\n' || coalesce(vin, '') || E'\\n'
            || task_type || E'\\n' || location_name)
        ) STORED
      );

      CREATE INDEX mirror_tasks_by_time ON mirror_tasks (started_at, id);
      CREATE INDEX mirror_tasks_search ON mirror_tasks USING gin (search_text gin_trgm_ops);

      -- The horizon cut into windows [starts_at, ends_at). as_of is when the walk that last
      -- applied the window began; NULL until the window is first synced.
      CREATE TABLE mirror_windows (
        starts_at timestamptz(3) PRIMARY KEY,
        ends_at timestamptz(3) NOT NULL,
        as_of timestamptz(3),
        applied_at timestamptz(3),
        task_count integer NOT NULL DEFAULT 0,
        CHECK (ends_at > starts_at)
      );
    `,
  },
  {
    id: 2,
    name: "read indexes: every filter and sort by keyset, summary by index only",
    sql: `
      -- One (key, started_at, id) index per filter and sort key: a filter's count is an index-only
      -- range scan of its values, and a sort's page an ordered scan from the cursor's keyset, so a
      -- page 100,000 rows deep costs what page 1 does. Chosen with EXPLAIN over 1,000,000 tasks
      -- (bench/mirror) on PostgreSQL and PGlite.
      CREATE INDEX mirror_tasks_by_location ON mirror_tasks (location_id, started_at, id);
      CREATE INDEX mirror_tasks_by_task_type ON mirror_tasks (task_type, started_at, id);
      CREATE INDEX mirror_tasks_by_status ON mirror_tasks (status, started_at, id);
      CREATE INDEX mirror_tasks_by_vehicle ON mirror_tasks (vehicle_id, started_at, id);
      CREATE INDEX mirror_tasks_by_mva ON mirror_tasks (mva, started_at, id);
      CREATE INDEX mirror_tasks_by_location_name ON mirror_tasks (location_name, started_at, id);
      CREATE INDEX mirror_tasks_by_odometer ON mirror_tasks (odometer_miles, started_at, id);
      -- The summary's counts over a window read only this index, never the table.
      CREATE INDEX mirror_tasks_for_summary ON mirror_tasks (started_at) INCLUDE (location_id, task_type, status);
    `,
  },
  syncStateMigration,
  searchTextMigration,
  slicesNotifyMigration,
  taskUpdatedAtMigration,
  changeFeedMigration,
];
