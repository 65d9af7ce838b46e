// A page of tasks written from its rows (arrays of TASK_COLUMNS' values) straight into UTF-8 bytes:
// exactly the bytes of JSON.stringify({ data: rows.map(taskOfRow), next_cursor }) for the same rows
// as objects (task-page-bytes.test.ts holds it to that), without the page's task objects or its string.
//
// Why (measured on a real 500-task sandbox page, 142 kB, docs/benchmarks.md): five of the sandbox's
// 31 location names hold a character beyond Latin-1 ("Seattle–Tacoma"), which would make V8 build
// the whole page as a two-byte string (285 kB) and then encode all of it. So the page is built as
// one-byte text, flushed into a reused buffer only where such a location's fragment (encoded once)
// is copied in. And a row whose text needs no escaping (nearly all) is quoted by hand instead of by
// seven JSON.stringify calls. p50 per page: 0.31 ms, against 0.41 ms writing each row's two halves
// separately (and 0.55-0.60 ms for the plain JSON.stringify path).
import { TASK_VALUE as V, type TaskRowValues } from "../repositories/task-page-sql";

const quote = JSON.stringify;
const BEYOND_LATIN1 = /[\u0100-\uffff]/;
// What JSON.stringify escapes in a string: the quote, the backslash, control characters and lone
// surrogates. A valid surrogate pair matches too; such a row just takes the JSON.stringify way.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be found
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
// Locations are few (the catalogue has 31); the bound only keeps a store full of them from growing this.
const MAX_LOCATIONS = 10_000;
// By id, holding the name it was built from: a key joining id and name cost a string per row
// (1.6% of the service's CPU under load, in a profile).
const locationFragments = new Map<string, { name: string; text: string; bytes: Buffer | undefined }>();
let scratch = Buffer.allocUnsafe(256 * 1024);

/**
 * `,"location":{...},"started_at":` for one location, in the contract's field order: as text when
 * it is one-byte text, otherwise as its bytes.
 */
function locationFragment(id: string, name: string): { text: string; bytes: Buffer | undefined } {
  const cached = locationFragments.get(id);
  if (cached?.name === name) return cached;
  if (locationFragments.size >= MAX_LOCATIONS) locationFragments.clear();
  const text = `,"location":${quote({ id, name })},"started_at":`;
  const fragment = { name, text, bytes: BEYOND_LATIN1.test(text) ? Buffer.from(text, "utf8") : undefined };
  locationFragments.set(id, fragment);
  return fragment;
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
  let at = 0;
  let pending = '{"data":[';
  rows.forEach((row, index) => {
    const vin = row[V.vin];
    const plain = !NEEDS_ESCAPE.test(
      `${row[V.id]}${row[V.vehicle_id]}${row[V.mva]}${vin ?? ""}${row[V.task_type]}${row[V.status]}${row[V.started_at]}`,
    );
    pending += plain
      ? `${index === 0 ? "" : ","}{"id":"${row[V.id]}","vehicle_id":"${row[V.vehicle_id]}","mva":"${row[V.mva]}","vin":${vin === null ? "null" : `"${vin}"`},"task_type":"${row[V.task_type]}","status":"${row[V.status]}"`
      : `${index === 0 ? "" : ","}{"id":${quote(row[V.id])},"vehicle_id":${quote(row[V.vehicle_id])},"mva":${quote(row[V.mva])},"vin":${quote(vin)},"task_type":${quote(row[V.task_type])},"status":${quote(row[V.status])}`;
    const fragment = locationFragment(row[V.location_id], row[V.location_name]);
    if (fragment.bytes === undefined) pending += fragment.text;
    else {
      at = write(pending, at);
      pending = "";
      reserve(at, fragment.bytes.length);
      at += fragment.bytes.copy(scratch, at);
    }
    pending += `${plain ? `"${row[V.started_at]}"` : quote(row[V.started_at])},"odometer_miles":${quote(row[V.odometer_miles])}}`;
  });
  at = write(`${pending}],"next_cursor":${quote(nextCursor)}}`, at);
  // A copy: the scratch buffer is written again by the next page while this one is being sent.
  return Buffer.from(scratch.subarray(0, at));
}
