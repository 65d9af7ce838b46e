// A page of tasks written from its rows (arrays of TASK_COLUMNS' values) straight into UTF-8 bytes:
// exactly the bytes of JSON.stringify({ data: rows.map(taskOfRow), next_cursor }) for the same rows
// as objects (task-page-bytes.test.ts holds it to that), without the page's task objects or its string.
//
// Why (measured on a real 500-task sandbox page, 142 kB, docs/benchmarks.md): five of the sandbox's
// 31 location names hold a character beyond Latin-1 ("Seattle–Tacoma"), which makes V8 build the
// whole page as a two-byte string (285 kB) and then encode all of it. Here each location's fragment
// is encoded once and copied, and the rest of a row is one-byte text written straight into a
// reused buffer: p50 0.48-0.52 ms against 0.55-0.60 ms, with one allocation per page instead of
// ~1,500 objects and two large strings.
import { TASK_VALUE as V, type TaskRowValues } from "../repositories/task-page-sql";

const quote = JSON.stringify;
// Locations are few (the catalogue has 31); the bound only keeps a store full of them from growing this.
const MAX_LOCATIONS = 10_000;
// By id, holding the name it was built from: a key joining id and name cost a string per row
// (1.6% of the service's CPU under load, in a profile).
const locationFragments = new Map<string, { name: string; bytes: Buffer }>();
let scratch = Buffer.allocUnsafe(256 * 1024);

/** `,"location":{...},"started_at":` for one location, in the contract's field order. */
function locationFragment(id: string, name: string): Buffer {
  const cached = locationFragments.get(id);
  if (cached?.name === name) return cached.bytes;
  if (locationFragments.size >= MAX_LOCATIONS) locationFragments.clear();
  const bytes = Buffer.from(`,"location":${quote({ id, name })},"started_at":`, "utf8");
  locationFragments.set(id, { name, bytes });
  return bytes;
}

/** UTF-8 takes at most 3 bytes per UTF-16 code unit, so this much room always suffices. */
function reserve(used: number, extra: number): void {
  if (used + extra <= scratch.length) return;
  const grown = Buffer.allocUnsafe(Math.max(scratch.length * 2, used + extra));
  scratch.copy(grown, 0, 0, used);
  scratch = grown;
}

function write(text: string, at: number): number {
  reserve(at, text.length * 3);
  return at + scratch.write(text, at, "utf8");
}

export function taskPageBytes(rows: readonly TaskRowValues[], nextCursor: string | null): Buffer {
  let at = write('{"data":[', 0);
  rows.forEach((row, index) => {
    at = write(
      `${index === 0 ? "" : ","}{"id":${quote(row[V.id])},"vehicle_id":${quote(row[V.vehicle_id])},"mva":${quote(row[V.mva])},"vin":${quote(row[V.vin])},"task_type":${quote(row[V.task_type])},"status":${quote(row[V.status])}`,
      at,
    );
    const fragment = locationFragment(row[V.location_id], row[V.location_name]);
    reserve(at, fragment.length);
    at += fragment.copy(scratch, at);
    at = write(`${quote(row[V.started_at])},"odometer_miles":${quote(row[V.odometer_miles])}}`, at);
  });
  at = write(`],"next_cursor":${quote(nextCursor)}}`, at);
  // A copy: the scratch buffer is written again by the next page while this one is being sent.
  return Buffer.from(scratch.subarray(0, at));
}
