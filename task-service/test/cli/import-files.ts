// Import files for `vts import` tests, and a look into the store the way the service reads it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

/** The same task in the API's own shape: `location: {id, name}` instead of `location_id`. */
export const apiShaped = (line: ReturnType<typeof task>, name: string) => ({
  ...line,
  location_id: undefined,
  location: { id: line.location_id, name },
});

/** Writes NDJSON files into a folder of their own; strings are written as they are (bad lines). */
export function ndjsonWriter(folder: string) {
  mkdirSync(folder, { recursive: true });
  return (name: string, lines: (object | string)[]): string => {
    const file = join(folder, name);
    const text = lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line)));
    writeFileSync(file, text.join("\n"));
    return file;
  };
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
