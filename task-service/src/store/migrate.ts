// The service's schema history lives in schema_migrations under its own advisory lock key, as it
// always has, so databases migrated before platform/sql existed keep working.
import { applyMigrations } from "../../../platform/sql/migrate";
import { migrations } from "./migrations";
import type { Store } from "./store";

const MIGRATION_LOCK_KEY = 7_315_001;

export function migrate(store: Store): Promise<void> {
  return applyMigrations(store, { table: "schema_migrations", lockKey: MIGRATION_LOCK_KEY, migrations });
}
