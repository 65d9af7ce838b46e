// A page of tasks written from each task's wire JSON as the store keeps it (migration 3), straight
// into UTF-8 bytes: exactly JSON.stringify({ data: tasks, next_cursor }) with the tasks written by
// taskOfRow, since the stored JSON is those bytes (test/store/task-wire-json.test.ts holds both stores to it).
//
// Why each row is written into a reused buffer rather than joined into one string (several times
// faster, docs/benchmarks.md): a location name with a character beyond Latin-1 ("Seattle–Tacoma")
// makes the joined page a two-byte string, flattened and then encoded whole; written row by row,
// each row is encoded from the string pg already made.
const quote = JSON.stringify;
const COMMA = 0x2c;
let scratch = Buffer.allocUnsafe(256 * 1024);

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

/** `flags`: what the change feed's page says beside its cursor; a task list's says nothing more. */
export function taskPageBytes(
  taskJson: readonly string[],
  nextCursor: string | null,
  flags?: { has_more: boolean; caught_up: boolean },
): Buffer {
  let at = write('{"data":[', 0);
  for (let index = 0; index < taskJson.length; index++) {
    if (index > 0) {
      reserve(at, 1);
      scratch[at++] = COMMA;
    }
    at = write(taskJson[index]!, at);
  }
  const more = flags ? `,"has_more":${flags.has_more},"caught_up":${flags.caught_up}` : "";
  at = write(`],"next_cursor":${quote(nextCursor)}${more}}`, at);
  // A copy: the scratch buffer is written again by the next page while this one is being sent.
  return Buffer.from(scratch.subarray(0, at));
}
