import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import { readMirrorTaskPage } from "@/lib/server/mirror/read/read-task-page";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import type { MirrorDatabase } from "./support/mirror-databases";
import { openMirror, STORES } from "./support/mirror-fixture";
import { insertTasks, insertSlices } from "./support/mirror-rows";
import { FULL_ACCESS } from "@/lib/server/staff";

// Hostile q: LIKE's wildcards, its escape character, quotes and long Unicode match literally.

const cursors = new DashboardCursorCodec("read-search-test");
const PHRASE = [..."Zürich–Straße 🚗 "];
const LONG_UNICODE = Array.from({ length: 100 }, (_, i) => PHRASE[i % PHRASE.length]).join("");
const NAMES = [
  "100% Garage",
  "Under_score Depot",
  `O'Hare "Field"`,
  "Back\\slash Yard",
  LONG_UNICODE,
  "Plain",
  "ÖSTERSUND Depå",
];
const FROM = Date.parse("2026-04-01T00:00:00Z");

const tasks: Task[] = NAMES.map((name, index) => ({
  id: `H-${index}`,
  vehicle_id: `V${index}`,
  mva: `M${index}`,
  vin: null,
  task_type: "inspection",
  status: "completed",
  location: { id: `loc${index}`, name },
  started_at: new Date(FROM + index * 3_600_000).toISOString(),
  odometer_miles: 1000 + index,
}));

describe.each(STORES)("q on %s", (store) => {
  let db: MirrorDatabase;

  beforeAll(async () => {
    db = await openMirror(store, "read_search");
    await insertTasks(db, tasks);
    await insertSlices(db, FROM, FROM + 86_400_000, () => new Date(FROM));
  });
  afterAll(() => db?.close());

  async function search(q: string): Promise<string[]> {
    const params = new URLSearchParams({ from: "2026-04-01T00:00:00Z", to: "2026-04-02T00:00:00Z", q });
    const parsed = parseMirrorTaskParams(new URL(`http://dashboard/api/tasks?${params}`), {
      maxWindowDays: 92,
      access: FULL_ACCESS,
      cursors,
    });
    if (!parsed.ok) throw parsed.error;
    return (await readMirrorTaskPage(db.sql, parsed.value, cursors)).data.map((task) => task.location.name);
  }

  it.each([
    ["%", ["100% Garage"]],
    ["_", ["Under_score Depot"]],
    ["'", [`O'Hare "Field"`]],
    ['"', [`O'Hare "Field"`]],
    ["\\", ["Back\\slash Yard"]],
    ["%_", []],
    ["0%", ["100% Garage"]],
    ["e_s", []],
    ["'; DROP TABLE mirror_tasks; --", []],
    [LONG_UNICODE, [LONG_UNICODE]],
    ["STRASSE", []],
    ["straße 🚗", [LONG_UNICODE]],
  ])("q=%j matches literally", async (q, expected) => {
    expect(await search(q)).toEqual(expected);
  });

  it("ignores case in any script, not only ASCII letters", async () => {
    expect(await search("ZÜRICH")).toEqual([LONG_UNICODE]);
    expect(await search("östersund depÅ")).toEqual(["ÖSTERSUND Depå"]);
  });

  it("matches letters in any case, over id, mva, vehicle and location name", async () => {
    expect(await search("h-4")).toEqual([LONG_UNICODE]);
    expect(await search("m5")).toEqual(["Plain"]);
    expect(await search("v3")).toEqual(["Back\\slash Yard"]);
    expect(await search("GARAGE")).toEqual(["100% Garage"]);
    expect(await search("inspection")).toHaveLength(NAMES.length);
    // Fields are kept apart (task type, then location name): no match across two of them.
    expect(await search("ionPla")).toEqual([]);
  });
});
