import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { propertySettings } from "@/harness/fuzz-settings";
import { parseMirrorSummaryParams } from "@/lib/server/mirror/read/parse-mirror-params";
import { readMirrorSummary } from "@/lib/server/mirror/read/read-summary";
import type { MirrorSummaryQuery } from "@/lib/server/mirror/read/mirror-task-query";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import type { MirrorDatabase } from "./support/mirror-databases";
import { HORIZON, openMirror, STORES, SYNCED_AT, syncedSandboxMirror } from "./support/mirror-fixture";
import { insertTasks } from "./support/mirror-rows";
import { queryArbitrary } from "./support/query-arbitrary";
import { compareBytes, matches } from "./support/reference-selection";
import { FULL_ACCESS } from "@/lib/server/staff";

// The summary counts what the list would list, by status, type, location and day in the asked
// zone, against the same counts made in TypeScript with Intl's zone rules.

const ZONES = [
  "UTC",
  "America/Denver",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Pacific/Honolulu",
  "Australia/Lord_Howe",
];

function parse(params: URLSearchParams): MirrorSummaryQuery {
  const result = parseMirrorSummaryParams(new URL(`http://dashboard/api/tasks/summary?${params}`), {
    maxWindowDays: 92,
    access: FULL_ACCESS,
  });
  if (!result.ok) throw result.error;
  return result.value;
}

function count<K extends string>(tasks: readonly Task[], key: (task: Task) => K): Record<string, number> {
  const counts = new Map<string, number>();
  for (const task of tasks) {
    const value = key(task);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => compareBytes(a, b)));
}

function referenceSummary(tasks: readonly Task[], query: MirrorSummaryQuery) {
  const selected = tasks.filter((task) => matches(task, query.filters));
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: query.tz,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  // Each task's day formatted once: a reference that formats it again for every day of the window
  // costs more than the query it checks.
  const days = new Map(selected.map((task) => [task, format.format(Date.parse(task.started_at))]));
  const dayOf = (task: Task) => days.get(task)!;
  const locations = new Map(selected.map((task) => [task.location.id, task.location.name]));
  return {
    total: selected.length,
    by_status: count(selected, (task) => task.status),
    by_task_type: count(selected, (task) => task.task_type),
    by_location: Object.entries(count(selected, (task) => task.location.id)).map(([id, total]) => ({
      id,
      name: locations.get(id),
      total,
    })),
    days: Object.entries(count(selected, dayOf)).map(([day, total]) => ({
      day,
      total,
      by_status: count(
        selected.filter((task) => dayOf(task) === day),
        (task) => task.status,
      ),
    })),
  };
}

describe.each(STORES)("summary on %s", (store) => {
  let db: MirrorDatabase;
  let tasks: Task[];

  beforeAll(async () => {
    ({ db, tasks } = await syncedSandboxMirror(store, "read_summary", 3_000));
  });
  afterAll(() => db?.close());

  it("equals counts made in TypeScript for random filters and zones", async () => {
    const cases = fc.tuple(queryArbitrary(tasks, HORIZON), fc.constantFrom(...ZONES));
    await fc.assert(
      fc.asyncProperty(cases, async ([{ query: text }, zone]) => {
        const params = new URLSearchParams(text);
        params.delete("sort");
        params.delete("order");
        params.set("tz", zone);
        const query = parse(params);
        const summary = await readMirrorSummary(db.sql, query, SYNCED_AT);
        const { days, ...expected } = referenceSummary(tasks, query);
        expect({ params: String(params), ...summary }).toMatchObject({ params: String(params), ...expected });
        // Every day of the range is listed once, in order; those without tasks count zero.
        expect(summary.by_day.filter((day) => day.total > 0)).toEqual(days);
        expect(summary.by_day.map((day) => day.day)).toEqual(
          [...new Set(summary.by_day.map((day) => day.day))].sort(),
        );
        expect(summary.as_of).toBe(SYNCED_AT.toISOString());
      }),
      propertySettings(40),
    );
  });
});

describe.each(STORES)("summary days across a DST change on %s", (store) => {
  let db: MirrorDatabase;
  const at = (startedAt: string, status: string): Task => ({
    id: `D-${startedAt}`,
    vehicle_id: "V1",
    mva: "M1",
    vin: null,
    task_type: "oil_change",
    status,
    location: { id: "loc_den_airport", name: "Denver International Airport" },
    started_at: startedAt,
    odometer_miles: 1,
  });

  beforeAll(async () => {
    db = await openMirror(store, "read_summary_dst");
    // Denver moves from UTC-7 to UTC-6 on 2026-03-08 at 02:00 local: that day has 23 hours.
    await insertTasks(db, [
      at("2026-03-08T06:59:59.999Z", "completed"), // 03-07 23:59:59.999 MST
      at("2026-03-08T07:00:00.000Z", "completed"), // 03-08 00:00 MST
      at("2026-03-09T05:59:59.999Z", "cancelled"), // 03-08 23:59:59.999 MDT
      at("2026-03-09T06:00:00.000Z", "completed"), // 03-09 00:00 MDT
    ]);
  });
  afterAll(() => db?.close());

  it("answers a zone the database does not know as a bad tz, not as a failure", async () => {
    const query = parse(new URLSearchParams({ from: "2026-03-07T07:00:00Z", to: "2026-03-10T06:00:00Z" }));
    await expect(readMirrorSummary(db.sql, { ...query, tz: "Not/AZone" }, SYNCED_AT)).rejects.toMatchObject({
      code: "invalid_request",
      message: '"tz" must be an IANA time zone name of an area and place, e.g. America/Denver, or UTC.',
    });
  });

  it("counts each task on its local day", async () => {
    const query = parse(
      new URLSearchParams({ from: "2026-03-07T07:00:00Z", to: "2026-03-10T06:00:00Z", tz: "America/Denver" }),
    );
    const summary = await readMirrorSummary(db.sql, query, SYNCED_AT);
    expect(summary.by_day).toEqual([
      { day: "2026-03-07", total: 1, by_status: { completed: 1 } },
      { day: "2026-03-08", total: 2, by_status: { cancelled: 1, completed: 1 } },
      { day: "2026-03-09", total: 1, by_status: { completed: 1 } },
    ]);
    const utc = await readMirrorSummary(db.sql, { ...query, tz: "UTC" }, SYNCED_AT);
    expect(utc.by_day.map((day) => [day.day, day.total])).toEqual([
      ["2026-03-07", 0],
      ["2026-03-08", 2],
      ["2026-03-09", 2],
      ["2026-03-10", 0],
    ]);
  });
});
