// The page writer must give the very bytes the plain path gives (JSON.stringify of the contract's
// task objects), for any text a row can hold: the dashboard's mirror answers through taskOfRow, and
// both must serialise a task alike. Its input is each task's stored JSON, which
// test/store/task-wire-json.test.ts holds to taskOfRow's bytes; here the rows are those bytes.
import { describe, expect, it } from "vitest";
import { taskOfRow, type TaskRow } from "../../../contract/service/task-row";
import { taskPageBytes } from "../../src/http/task-page-bytes";
import { sandboxLocations, sandboxTasks } from "../../src/sandbox/generate-sandbox-data";
import { Rng } from "../../../platform/prng";

const plain = (rows: TaskRow[], cursor: string | null) =>
  Buffer.from(JSON.stringify({ data: rows.map(taskOfRow), next_cursor: cursor }), "utf8");

const written = (rows: TaskRow[], cursor: string | null) =>
  taskPageBytes(
    rows.map((row) => JSON.stringify(taskOfRow(row))),
    cursor,
  );

// Text of every width, escapes included: the writer copies each row's text as it is, so what can
// go wrong here is sizing by bytes, not by characters (the stored escapes are held to taskOfRow's
// in test/store/task-wire-json.test.ts).
const AWKWARD = [
  'Dock "A"\\B',
  'say "hi"',
  "C:\\back\\slash",
  "new\nline",
  "Zürich",
  "Seattle–Tacoma",
  "emoji 🚚",
  "lone \ud800 surrogate",
  "tab\tnul\u0000",
  "\u2028",
  "",
];

function sandboxRows(count: number): TaskRow[] {
  const names = new Map(sandboxLocations().map((location) => [location.id, location.name]));
  const rows: TaskRow[] = [];
  for (const task of sandboxTasks({ seed: 7, taskCount: count, anchor: new Date("2026-11-01T00:00:00Z") })) {
    rows.push({
      ...task,
      location_name: names.get(task.location_id) ?? "",
      started_at: task.started_at.toISOString(),
      updated_at: "2026-11-02T08:00:00.123Z",
    });
  }
  return rows;
}

describe("taskPageBytes", () => {
  it("writes a sandbox page exactly as JSON.stringify does, with and without a next cursor", () => {
    const rows = sandboxRows(501);
    expect(written(rows, "eyJ.abc").equals(plain(rows, "eyJ.abc"))).toBe(true);
    expect(written(rows.slice(0, 3), null).equals(plain(rows.slice(0, 3), null))).toBe(true);
    expect(taskPageBytes([], null).toString()).toBe('{"data":[],"next_cursor":null}');
  });

  it("writes any text in any field exactly as JSON.stringify does, also past the first buffer's size", () => {
    const random = new Rng(16);
    const pick = () => AWKWARD[Math.floor(random.next() * AWKWARD.length)] ?? "";
    const rows = sandboxRows(300).map((row, index) => ({
      ...row,
      id: `${row.id}${pick()}`,
      vin: index % 3 === 0 ? null : `${pick()}${row.vin ?? ""}`,
      task_type: pick(),
      // Three UTF-8 bytes per character, more than the first buffer holds: sizing must count bytes.
      status: index === 0 ? "\u2013".repeat(100_000) : pick(),
      location_id: pick(),
      location_name: `${pick()}${pick()}`.repeat(1 + (index % 5) * 200),
      odometer_miles: index * 7919,
    }));
    const cursor = "c\u00fc\u2013";
    const bytes = written(rows, cursor);
    expect(bytes.length).toBeGreaterThan(256 * 1024);
    expect(bytes.equals(plain(rows, cursor))).toBe(true);
  });
});
