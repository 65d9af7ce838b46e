// Sandbox mode: deterministic data generated once per (seed, size) and the fixture clients,
// rewritten at every start so their documented state always holds.
import { ConfigError, type ServiceConfig } from "../config";
import type { TaskRecord } from "../domain/records";
import { CURSOR_KEY_SETTING, newCursorKey } from "../pagination/cursor-codec";
import { upsertClient } from "../repositories/clients-repository";
import { upsertLocations } from "../repositories/locations-repository";
import { readSetting, writeSetting } from "../repositories/settings-repository";
import { upsertTasks } from "../repositories/tasks-repository";
import { sandboxLocations, sandboxTasks } from "../sandbox/generate-sandbox-data";
import type { SandboxOptions } from "../sandbox/sandbox-plan";
import { holdDataWriteLock } from "../store/data-write-lock";
import { storeName } from "../store/open-store";
import type { SqlExecutor, Store } from "../store/store";
import { fixtureClientRecords } from "./fixture-clients";

/** Bump when the generator changes what it produces, so existing sandboxes are regenerated. */
const GENERATOR_VERSION = 2;
const BATCH_SIZE = 5_000;
const FINGERPRINT_SETTING = "sandbox_fingerprint";

/** The store's settings name it in a refusal; the seed and sizes choose the data. */
type SandboxSettings = Pick<ServiceConfig, "databaseUrl" | "dataDir" | "seed" | "seedTasks"> &
  Partial<Pick<ServiceConfig, "seedVehicles">>;

export async function prepareSandbox(
  store: Store,
  config: SandboxSettings,
  onProgress: (message: string) => void = () => {},
): Promise<void> {
  const fingerprint = JSON.stringify({
    generator: GENERATOR_VERSION,
    seed: config.seed,
    tasks: config.seedTasks,
    vehicles: config.seedVehicles ?? null,
  });
  await store.transaction(async (tx) => {
    await holdDataWriteLock(tx);
    const storedFingerprint = await readSetting(tx, FINGERPRINT_SETTING);
    if (storedFingerprint === undefined) await refuseStoreNotMadeBySandbox(tx, config);
    if (storedFingerprint !== fingerprint) {
      // Whole minutes, so two starts in the same minute with the same seed produce identical data.
      const anchor = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      onProgress(`generating ${config.seedTasks} sandbox tasks (seed ${config.seed})`);
      await regenerate(tx, {
        seed: config.seed,
        taskCount: config.seedTasks,
        vehicleCount: config.seedVehicles,
        anchor,
      });
      await writeSetting(tx, FINGERPRINT_SETTING, fingerprint);
      await writeSetting(tx, "sandbox_generated_at", anchor.toISOString());
      // New data is a new store to a reader: under the old key, a change feed's cursor would go on
      // reading new changes and never tell of the tasks deleted here. A new key refuses every
      // cursor issued before, so a feed's reader starts again (and walks what it holds afresh).
      await writeSetting(tx, CURSOR_KEY_SETTING, newCursorKey());
      onProgress("sandbox data ready");
    }
    for (const client of fixtureClientRecords()) await upsertClient(tx, client);
  });
}

async function regenerate(tx: SqlExecutor, options: SandboxOptions) {
  await tx.query("DELETE FROM tasks");
  await tx.query("DELETE FROM locations");
  await upsertLocations(tx, sandboxLocations());
  let batch: TaskRecord[] = [];
  for (const task of sandboxTasks(options)) {
    batch.push(task);
    if (batch.length === BATCH_SIZE) {
      await upsertTasks(tx, batch);
      batch = [];
    }
  }
  await upsertTasks(tx, batch);
}

// Each mode refuses the other's store, before it writes anything: the two rules below.

/**
 * A sandbox deletes every task and location it finds and adds clients whose secrets are published,
 * so it works only on a store it made (the fingerprint says so) or on one with nothing to lose.
 * VTS_MODE defaults to sandbox under `npm run service` and `npm start`: a DATABASE_URL or
 * VTS_DATA_DIR left pointing at production must not be enough to wipe it. Keys and settings alone
 * (what a production start leaves) are nothing to lose.
 */
async function refuseStoreNotMadeBySandbox(
  tx: SqlExecutor,
  settings: Pick<ServiceConfig, "databaseUrl" | "dataDir">,
): Promise<void> {
  const [held] = await tx.query<{ tasks: boolean; locations: boolean; clients: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM tasks) AS tasks, EXISTS (SELECT 1 FROM locations) AS locations,
            EXISTS (SELECT 1 FROM clients) AS clients`,
  );
  const kinds = (["tasks", "locations", "clients"] as const).filter((kind) => held?.[kind]);
  if (kinds.length === 0) return;
  throw new ConfigError(
    `Sandbox mode (VTS_MODE=sandbox, the default of npm run service and npm start) refuses ` +
      `${storeName(settings)}: it holds ${listed(kinds)} that no sandbox created, and a sandbox ` +
      "would delete them and add clients with published secrets. Nothing was changed. To serve this " +
      "store set VTS_MODE=production; for a sandbox, give it a fresh VTS_DATA_DIR or database.",
  );
}

/** A production service must never serve a store that holds the sandbox's public fixture secrets. */
export async function refuseSandboxStore(
  store: Store,
  settings: Pick<ServiceConfig, "databaseUrl" | "dataDir">,
): Promise<void> {
  if ((await readSetting(store, FINGERPRINT_SETTING)) !== undefined) {
    throw new ConfigError(
      `Production mode (VTS_MODE=production) refuses ${storeName(settings)}: it holds sandbox data ` +
        "and fixture clients with published secrets. Use a fresh VTS_DATA_DIR or database for production.",
    );
  }
}

/** "a", "a and b", "a, b and c". */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
