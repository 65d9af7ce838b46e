import fc from "fast-check";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { SORT_KEYS, LIST_FILTERS, type ListFilter } from "@/lib/server/mirror/read/mirror-task-query";

// Random /api/tasks queries over a set of tasks, as fast-check cases (so a failure shrinks to a
// minimal query): windows from an hour to the 92-day maximum, some of them against the horizon's
// edges, a few lists of values the rows hold (now and then one they do not), sorts of one to three
// keys with one direction or one per key, and q cut from a real field with its letters' case mixed,
// or a LIKE wildcard.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_SPAN = 92 * DAY_MS;

/** A query string for /api/tasks, and a page size the test may use to walk it. */
export interface QueryCase {
  query: string;
  pageSize: number;
}

const listValue: Record<ListFilter, (task: Task) => string> = {
  location_id: (task) => task.location.id,
  task_type: (task) => task.task_type,
  status: (task) => task.status,
  mva: (task) => task.mva,
  vehicle_id: (task) => task.vehicle_id,
};

/** `arbitrary`'s value with the given chance, else undefined (which is where shrinking heads). */
function sometimes<T>(chance: number, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  const weight = Math.round(chance * 100);
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 100 - weight, arbitrary: fc.constant(undefined) },
    { weight, arbitrary },
  );
}

/** A window inside the horizon, never empty, whose ends now and then sit on the horizon's. */
function windowArbitrary([start, end]: [number, number]): fc.Arbitrary<[number, number]> {
  const span = fc.oneof(
    { weight: 3, arbitrary: fc.constant(MAX_SPAN) },
    { weight: 7, arbitrary: fc.integer({ min: HOUR_MS, max: MAX_SPAN }) },
  );
  return fc.tuple(span, fc.double({ min: 0, max: 1, noNaN: true })).map(([length, at]) => {
    // Drawn from a little beyond either end, then cut to the horizon: the edges come up often.
    const low = Math.max(start - 5 * DAY_MS, start + HOUR_MS - length);
    const high = Math.min(end - length + 5 * DAY_MS, end - HOUR_MS);
    const from = Math.floor(low + at * (high - low));
    return [Math.max(start, from), Math.min(end, from + length)];
  });
}

function listArbitrary(name: ListFilter, tasks: readonly Task[]): fc.Arbitrary<string | undefined> {
  const picks = fc.array(fc.nat(tasks.length - 1), { minLength: 1, maxLength: 4 });
  const missing = sometimes(0.1, fc.constant(name === "task_type" ? "no such type" : "no-such-value"));
  const chance = name === "mva" || name === "vehicle_id" ? 0.12 : 0.3;
  return sometimes(
    chance,
    fc
      .tuple(picks, missing)
      .map(([indexes, extra]) =>
        [...indexes.map((i) => listValue[name](tasks[i]!)), ...(extra ? [extra] : [])].join(","),
      ),
  );
}

function qArbitrary(tasks: readonly Task[]): fc.Arbitrary<string> {
  const cut = fc
    .record({
      task: fc.nat(tasks.length - 1),
      field: fc.nat(5),
      start: fc.nat(),
      length: fc.integer({ min: 1, max: 8 }),
      upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    })
    .map(({ task: index, field, start, length, upper }) => {
      const task = tasks[index]!;
      const fields = [
        task.id,
        task.mva,
        task.vehicle_id,
        task.vin ?? "VIN",
        task.task_type,
        task.location.name,
      ];
      const chars = [...fields[field]!];
      const size = Math.min(length, chars.length);
      const from = start % (chars.length - size + 1);
      return chars
        .slice(from, from + size)
        .map((char, i) => (upper[i] ? char.toUpperCase() : char))
        .join("");
    });
  return fc.oneof(
    { weight: 9, arbitrary: cut },
    { weight: 1, arbitrary: fc.constantFrom("%", "_", "\\", "'", "%_") },
  );
}

export function queryArbitrary(tasks: readonly Task[], horizon: [number, number]): fc.Arbitrary<QueryCase> {
  const lists = fc.tuple(...LIST_FILTERS.map((name) => listArbitrary(name, tasks)));
  return fc
    .record({
      window: windowArbitrary(horizon),
      lists,
      q: sometimes(0.3, qArbitrary(tasks)),
      sort: sometimes(0.8, fc.uniqueArray(fc.constantFrom(...SORT_KEYS), { minLength: 1, maxLength: 3 })),
      order: sometimes(0.5, fc.array(fc.constantFrom("asc", "desc"), { minLength: 3, maxLength: 3 })),
      orderPerKey: fc.boolean(),
      pageSize: fc.integer({ min: 1, max: 60 }),
    })
    .map(({ window, lists: values, q, sort, order, orderPerKey, pageSize }) => {
      const params = new URLSearchParams({
        from: new Date(window[0]).toISOString(),
        to: new Date(window[1]).toISOString(),
      });
      LIST_FILTERS.forEach((name, i) => {
        const value = values[i];
        if (value !== undefined) params.set(name, value);
      });
      if (q !== undefined) params.set("q", q);
      if (sort !== undefined) params.set("sort", sort.join(","));
      // One direction for every key, or one per key.
      if (order !== undefined)
        params.set("order", sort && orderPerKey ? order.slice(0, sort.length).join(",") : order[0]!);
      return { query: params.toString(), pageSize };
    });
}
