// Chooses the store from configuration and brings its schema up to date.
import { migrate } from "./migrate";
import { openPgliteStore } from "./pglite-store";
import { openPostgresStore } from "./postgres-store";
import type { Store } from "./store";

export interface StoreSettings {
  databaseUrl: string | undefined;
  /** Ignored when databaseUrl is set; undefined means in memory. */
  dataDir: string | undefined;
}

export async function openStore(settings: StoreSettings): Promise<Store> {
  const store = settings.databaseUrl
    ? await openPostgresStore(settings.databaseUrl)
    : await openPgliteStore(settings.dataDir);
  try {
    await migrate(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
