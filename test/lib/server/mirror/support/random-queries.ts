import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import type { Rng } from "@/platform/prng";
import { SORT_KEYS, LIST_FILTERS, type ListFilter } from "@/lib/server/mirror/read/mirror-task-query";

// Random but reproducible /api/tasks queries over a set of tasks: windows from an hour to the
// 92-day maximum, a few lists of values the rows hold (now and then one they do not), every sort
// and order, and q cut from a real field with its letters' case mixed, or a LIKE wildcard.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const listValue: Record<ListFilter, (task: Task) => string> = {
  location_id: (task) => task.location.id,
  task_type: (task) => task.task_type,
  status: (task) => task.status,
  mva: (task) => task.mva,
  vehicle_id: (task) => task.vehicle_id,
};

export function randomQueryParams(
  rng: Rng,
  tasks: readonly Task[],
  horizon: [number, number],
): URLSearchParams {
  const pick = <T>(items: readonly T[]): T => items[rng.int(items.length)] as T;
  const params = new URLSearchParams();
  const span = rng.chance(0.3) ? 92 * DAY_MS : Math.ceil(rng.between(HOUR_MS, 92 * DAY_MS));
  const from = Math.floor(rng.between(horizon[0] - 5 * DAY_MS, horizon[1] - span + 5 * DAY_MS));
  params.set("from", new Date(Math.max(horizon[0], from)).toISOString());
  params.set("to", new Date(Math.min(horizon[1], from + span)).toISOString());
  for (const name of LIST_FILTERS) {
    if (!rng.chance(name === "mva" || name === "vehicle_id" ? 0.12 : 0.3)) continue;
    const values = Array.from({ length: 1 + rng.int(4) }, () => listValue[name](pick(tasks)));
    if (rng.chance(0.1)) values.push(name === "task_type" ? "no such type" : "no-such-value");
    params.set(name, values.join(","));
  }
  if (rng.chance(0.3)) params.set("q", randomQ(rng, pick(tasks)));
  if (rng.chance(0.8)) params.set("sort", pick(SORT_KEYS));
  if (rng.chance(0.5)) params.set("order", pick(["asc", "desc"]));
  return params;
}

function randomQ(rng: Rng, task: Task): string {
  if (rng.chance(0.1)) return ["%", "_", "\\", "'", "%_"][rng.int(5)] as string;
  const fields = [task.id, task.mva, task.vehicle_id, task.vin ?? "VIN", task.task_type, task.location.name];
  const field = [...(fields[rng.int(fields.length)] as string)];
  const length = 1 + rng.int(Math.min(8, field.length));
  const start = rng.int(field.length - length + 1);
  return field
    .slice(start, start + length)
    .map((char) => (rng.chance(0.5) ? char.toUpperCase() : char))
    .join("");
}
