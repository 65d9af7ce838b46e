// Import files for `vts import` tests, and a look into the store the way the service reads it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LocationRecord } from "../../src/domain/records";
import { listLocations } from "../../src/repositories/locations-repository";
import { findTask, type Task } from "../../src/repositories/tasks-repository";
import { openStore } from "../../src/store/open-store";

export const LOCATIONS = [
  { id: "LOC-A", name: 'Depot A, "North"', timezone: "Europe/Berlin", address: "Hauptstr. 1, Berlin" },
  { id: "LOC-B", name: "Zürich Süd", timezone: "Europe/Zurich", address: "Seestrasse 2, Zürich" },
  { id: "LOC-C", name: "Seattle", timezone: "America/Los_Angeles", address: "1 Pike St, Seattle" },
];

/** A valid task line with `location_id`; overrides make it invalid or change it. */
export const task = (id: string, overrides: object = {}) => ({
  id,
  vehicle_id: "VEH-1",
  mva: "60012345",
  vin: "1HGCM82633A004352",
  task_type: "oil_change",
  status: "scheduled",
  location_id: "LOC-A",
  started_at: "2026-03-01T10:00:00Z",
  odometer_miles: 48_213,
  ...overrides,
});

/**
 * The same task in the API's own shape: `location: {id, name}` instead of `location_id`, and the
 * `updated_at` the service adds.
 */
export const apiShaped = (line: ReturnType<typeof task>, name: string) => ({
  ...line,
  location_id: undefined,
  location: { id: line.location_id, name },
  updated_at: "2026-03-02T08:15:00.000Z",
});

const NEWLINE = Buffer.from("\n");

/**
 * Writes NDJSON files into a folder of their own; strings are written as they are (bad lines), and
 * bytes too (a line that is not UTF-8).
 */
export function ndjsonWriter(folder: string) {
  mkdirSync(folder, { recursive: true });
  return (name: string, lines: (object | string | Uint8Array)[]): string => {
    const file = join(folder, name);
    const bytes = lines.map((line) =>
      line instanceof Uint8Array ? line : Buffer.from(typeof line === "string" ? line : JSON.stringify(line)),
    );
    writeFileSync(
      file,
      Buffer.concat(bytes.flatMap((line, index) => (index === 0 ? [line] : [NEWLINE, line]))),
    );
    return file;
  };
}

/** Reads locations as the service would, once the CLI has exited and released the store. */
export async function readLocations(env: {
  DATABASE_URL?: string;
  VTS_DATA_DIR?: string;
}): Promise<Record<string, LocationRecord | undefined>> {
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.VTS_DATA_DIR });
  try {
    return Object.fromEntries((await listLocations(store)).map((location) => [location.id, location]));
  } finally {
    await store.close();
  }
}

/** Reads tasks as the service would, once the CLI has exited and released the store. */
export async function readTasks(
  env: { DATABASE_URL?: string; VTS_DATA_DIR?: string },
  ...ids: string[]
): Promise<Record<string, Task | undefined>> {
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.VTS_DATA_DIR });
  try {
    const found = await Promise.all(ids.map(async (id) => [id, await findTask(store, id)] as const));
    return Object.fromEntries(found);
  } finally {
    await store.close();
  }
}
