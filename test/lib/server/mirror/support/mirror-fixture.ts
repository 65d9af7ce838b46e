import { inject } from "vitest";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { openPgliteMirror, openPostgresMirror, type MirrorDatabase } from "./mirror-databases";
import { insertLocations, insertTasks, insertSlices, sandboxMirrorTasks } from "./mirror-rows";

// A synced mirror of a few thousand sandbox tasks, on either store: what most read tests start from.

export const ANCHOR = new Date("2026-06-01T12:00:00.000Z");
const DAY_MS = 86_400_000;
/** The sandbox's window around its anchor, cut into day slices (all synced). */
export const HORIZON: [number, number] = [
  Date.parse("2026-06-01T00:00:00Z") - 182 * DAY_MS,
  Date.parse("2026-06-01T00:00:00Z") + 32 * DAY_MS,
];
export const SYNCED_AT = new Date("2026-06-01T11:59:00.000Z");

export const STORES = ["pglite", "postgres"] as const;

export function openMirror(
  store: (typeof STORES)[number],
  name: string,
  connections?: number,
): Promise<MirrorDatabase> {
  return store === "pglite"
    ? openPgliteMirror()
    : openPostgresMirror(inject("postgresUrl"), name, connections);
}

export async function syncedSandboxMirror(
  store: (typeof STORES)[number],
  name: string,
  taskCount: number,
  connections?: number,
): Promise<{ db: MirrorDatabase; tasks: Task[] }> {
  const db = await openMirror(store, name, connections);
  const tasks = sandboxMirrorTasks(7, taskCount, ANCHOR);
  await insertLocations(db, SYNCED_AT);
  await insertTasks(db, tasks);
  await insertSlices(db, HORIZON[0], HORIZON[1], () => SYNCED_AT);
  await db.exec("VACUUM ANALYZE");
  return { db, tasks };
}
