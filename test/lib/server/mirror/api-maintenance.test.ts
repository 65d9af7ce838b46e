// Maintenance through the dashboard's route handlers, against the real service on a sandbox large
// enough for programs (20 tasks a vehicle): the programs learned from the mirror come back to the
// sandbox's own, and every vehicle's due state on every program, paged through the API, equals a
// simple computation of its own from a walk of the service's /v1/tasks. Before the sync, 503. Two
// changes planted at the service before the sync: an odometer jump (due by miles, overdue) and a
// last job cancelled (it does not count as done). Last, staff's overrides change the programs, and
// every change is in the audit trail.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as complianceRoute from "@/app/api/maintenance/compliance/route";
import * as dueExportRoute from "@/app/api/maintenance/due/export/route";
import * as dueRoute from "@/app/api/maintenance/due/route";
import * as programOverrideRoute from "@/app/api/maintenance/programs/[task_type]/route";
import * as programsRoute from "@/app/api/maintenance/programs/route";
import * as summaryRoute from "@/app/api/maintenance/summary/route";
import * as vehiclesRoute from "@/app/api/vehicles/route";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { SANDBOX_PROGRAMS } from "@/task-service/src/sandbox/service-programs";
import { routeAnswer, routeSend, startApiRig, type ApiRig } from "./api-support";
import { directWalk, eventually } from "./sync-support";

const DAY_MS = 86_400_000;

interface Program {
  task_type: string;
  interval_days: number | null;
  interval_miles: number | null;
}

interface DueRow {
  vehicle_id: string;
  task_type: string;
  state: string;
  due_at: string;
  due_date: string | null;
  forecast_at: string | null;
  due_by: string;
  overdue_days: number | null;
  overdue_miles: number | null;
  last_done: { task_id: string };
  booked: { task_id: string } | null;
  last_location: { id: string };
}

interface DuePage {
  data: DueRow[];
  total: number;
  counts: Record<string, number>;
  next_cursor: string | null;
  evaluated_at: string;
}

let rig: ApiRig;
let tasks: Task[];
let beforeSync: { status: number; text: string };
let programs: Program[];
let jumped: { vehicle_id: string; task_type: string };
let cancelled: { vehicle_id: string; task_type: string; id: string };
let lateJob: string;
let zones: Map<string, string>;

const get = async (route: Record<string, unknown>, path: string) => {
  const answer = await routeAnswer(rig.mirrored, route, path, rig.cookie);
  return { status: answer.status, text: answer.text };
};

async function allDue(query: string): Promise<DuePage & { rows: DueRow[] }> {
  const rows: DueRow[] = [];
  let cursor: string | null = null;
  let first: DuePage | undefined;
  do {
    const path = `/api/maintenance/due?${query}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const answer = await get(dueRoute, path);
    expect(answer.status, answer.text).toBe(200);
    const page = JSON.parse(answer.text) as DuePage;
    first ??= page;
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return { ...first, rows };
}

/** The planted changes, in the service's store, before anything is mirrored. */
async function plant(): Promise<void> {
  const store = rig.service.context.store;
  // A vehicle whose odometer leaps 20,000 miles after its last oil change (a new engine's worth of
  // driving: a misread or a long one-way rental), with a job done since that reads it.
  const [leap] = await store.query<{ vehicle_id: string; at: Date }>(
    `WITH last_oil AS (SELECT vehicle_id, max(started_at) AS at FROM tasks
                       WHERE task_type = 'oil_change' AND status = 'completed' GROUP BY vehicle_id)
     SELECT vehicle_id, at FROM last_oil l
     WHERE EXISTS (SELECT 1 FROM tasks t WHERE t.vehicle_id = l.vehicle_id AND t.started_at > l.at
                   AND t.status = 'completed')
     ORDER BY vehicle_id LIMIT 1`,
  );
  if (!leap) throw new Error("no vehicle has a job done after its last oil change");
  await store.query(
    "UPDATE tasks SET odometer_miles = odometer_miles + 20000 WHERE vehicle_id = $1 AND started_at > $2",
    [leap.vehicle_id, leap.at],
  );
  jumped = { vehicle_id: leap.vehicle_id, task_type: "oil_change" };
  // A late oil change: another vehicle's last one reads 4,000 miles more (and so does every later
  // reading), so it came well past the miles its program allows since the one before.
  const [late] = await store.query<{ id: string; vehicle_id: string; started_at: Date }>(
    `SELECT DISTINCT ON (vehicle_id) id, vehicle_id, started_at FROM tasks
     WHERE task_type = 'oil_change' AND status = 'completed' AND vehicle_id <> $1
       AND vehicle_id IN (SELECT vehicle_id FROM tasks WHERE task_type = 'oil_change' AND status = 'completed'
                          GROUP BY vehicle_id HAVING count(*) >= 2)
     ORDER BY vehicle_id, started_at DESC LIMIT 1`,
    [leap.vehicle_id],
  );
  if (!late) throw new Error("no other vehicle has two oil changes done");
  await store.query(
    "UPDATE tasks SET odometer_miles = odometer_miles + 4000 WHERE vehicle_id = $1 AND started_at >= $2",
    [late.vehicle_id, late.started_at],
  );
  lateJob = late.id;
  const [last] = await store.query<{ vehicle_id: string; id: string }>(
    `SELECT DISTINCT ON (vehicle_id) vehicle_id, id FROM tasks
     WHERE task_type = 'multi_point_inspection' AND status = 'completed'
       AND vehicle_id IN (SELECT vehicle_id FROM tasks WHERE task_type = 'multi_point_inspection'
                          AND status = 'completed' GROUP BY vehicle_id HAVING count(*) >= 2)
     ORDER BY vehicle_id, started_at DESC LIMIT 1`,
  );
  if (!last) throw new Error("no vehicle has two inspections done");
  await store.query("UPDATE tasks SET status = 'cancelled' WHERE id = $1", [last.id]);
  cancelled = { vehicle_id: last.vehicle_id, task_type: "multi_point_inspection", id: last.id };
}

beforeAll(async () => {
  rig = await startApiRig(185, 31, { VTS_SEED_TASKS: "5000", VTS_SEED_VEHICLES: "250" });
  beforeSync = await get(dueRoute, "/api/maintenance/due");
  await plant();
  await rig.syncAll();
  tasks = await directWalk(rig.service, rig.horizon.from, rig.horizon.to);
  const token = await rig.service.token();
  const locations = await rig.service.request({
    method: "GET",
    url: "/v1/locations",
    headers: { authorization: `Bearer ${token}` },
  });
  zones = new Map(
    locations
      .json<{ data: { id: string; timezone: string }[] }>()
      .data.map((location) => [location.id, location.timezone]),
  );
  const answer = await get(programsRoute, "/api/maintenance/programs");
  programs = (JSON.parse(answer.text) as { data: Program[] }).data;
}, 240_000);

afterAll(async () => {
  await rig?.close();
});

// ---------------------------------------------------------------------------------------------
// The reference: the contract's rules, computed from the service's tasks alone.

function byTime(a: Task, b: Task): number {
  return a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : a.id < b.id ? -1 : 1;
}

function referenceRows(now: number): Map<string, { state: string; dueAt: number; row: Partial<DueRow> }> {
  const byVehicle = new Map<string, Task[]>();
  for (const task of tasks) byVehicle.set(task.vehicle_id, [...(byVehicle.get(task.vehicle_id) ?? []), task]);
  const expected = new Map<string, { state: string; dueAt: number; row: Partial<DueRow> }>();
  for (const [vehicleId, own] of byVehicle) {
    own.sort(byTime);
    const readings = own.filter((task) => task.status === "completed" || task.status === "in_progress");
    const first = readings[0];
    const latest = readings.at(-1);
    if (!first || !latest) continue;
    const spanDays = (Date.parse(latest.started_at) - Date.parse(first.started_at)) / DAY_MS;
    const rate =
      spanDays >= 7 ? Math.max(0, (latest.odometer_miles - first.odometer_miles) / spanDays) : null;
    const projected =
      latest.odometer_miles + (rate ?? 0) * Math.max(0, (now - Date.parse(latest.started_at)) / DAY_MS);
    for (const program of programs) {
      const done = own.filter((task) => task.task_type === program.task_type && task.status === "completed");
      const last = done.at(-1);
      if (!last) continue;
      // A job under way, else the next booking not a day past its time (a no-show hides neither).
      const bookings = own.filter(
        (task) =>
          task.task_type === program.task_type &&
          task.started_at > last.started_at &&
          (task.status === "in_progress" ||
            (task.status === "scheduled" && Date.parse(task.started_at) >= now - DAY_MS)),
      );
      const booked = bookings.find((task) => task.status === "in_progress") ?? bookings[0];
      const dueDate =
        program.interval_days === null ? null : Date.parse(last.started_at) + program.interval_days * DAY_MS;
      const dueMiles = program.interval_miles === null ? null : last.odometer_miles + program.interval_miles;
      const rawForecast =
        dueMiles === null || !rate
          ? null
          : Date.parse(latest.started_at) + ((dueMiles - latest.odometer_miles) / rate) * DAY_MS;
      const forecast = rawForecast !== null && rawForecast - now <= 3_650 * DAY_MS ? rawForecast : null;
      const candidates = [dueDate, forecast].filter((value): value is number => value !== null);
      const knownDue = candidates.length > 0 ? Math.min(...candidates) : null;
      const dueAt = knownDue ?? Date.parse(last.started_at);
      const overdue = (knownDue !== null && knownDue <= now) || (dueMiles !== null && projected >= dueMiles);
      const soonBy = (interval: number | null, left: number | null) =>
        interval !== null && left !== null && left <= interval * 0.1;
      const soon =
        soonBy(program.interval_days, dueDate === null ? null : (dueDate - now) / DAY_MS) ||
        soonBy(program.interval_miles, dueMiles === null ? null : dueMiles - projected) ||
        soonBy(program.interval_days, forecast === null ? null : (forecast - now) / DAY_MS);
      const bookedInTime =
        booked !== undefined &&
        (booked.status === "in_progress" ||
          (Date.parse(booked.started_at) >= now - DAY_MS &&
            (knownDue === null || Date.parse(booked.started_at) <= knownDue)));
      const state = overdue ? "overdue" : bookedInTime ? "scheduled" : soon ? "due_soon" : "ok";
      expected.set(`${vehicleId} ${program.task_type}`, {
        state,
        dueAt,
        row: {
          last_done: { task_id: last.id },
          booked: booked ? { task_id: booked.id } : null,
          last_location: { id: latest.location.id },
        },
      });
    }
  }
  return expected;
}

interface ComplianceAnswer {
  month: string | null;
  late_tolerance: number;
  by_month: { month: string; completed: number; late: number }[];
  by_location: { location_id: string; completed: number; late: number }[];
  by_task_type: { task_type: string; completed: number; late: number }[];
  late_jobs: { task_id: string }[];
}

/** Every completed program job after an earlier one on the same vehicle: its month there and whether late. */
function referenceJobs(): { task: Task; month: string; late: boolean }[] {
  const jobs: { task: Task; month: string; late: boolean }[] = [];
  const done = new Map<string, Task[]>();
  for (const task of tasks) {
    if (task.status !== "completed") continue;
    const key = `${task.vehicle_id} ${task.task_type}`;
    done.set(key, [...(done.get(key) ?? []), task]);
  }
  for (const own of done.values()) {
    const program = programs.find((candidate) => candidate.task_type === own[0]!.task_type);
    if (!program) continue;
    own.sort(byTime);
    for (let index = 1; index < own.length; index++) {
      const [before, task] = [own[index - 1]!, own[index]!];
      const days = (Date.parse(task.started_at) - Date.parse(before.started_at)) / DAY_MS;
      const miles = task.odometer_miles - before.odometer_miles;
      const share = Math.max(
        program.interval_days === null ? 0 : days / program.interval_days,
        program.interval_miles === null ? 0 : miles / program.interval_miles,
      );
      const month = new Intl.DateTimeFormat("en-CA", {
        timeZone: zones.get(task.location.id) ?? "UTC",
        year: "numeric",
        month: "2-digit",
      }).format(new Date(task.started_at));
      jobs.push({ task, month, late: share > 1.1 });
    }
  }
  return jobs;
}

function tally<T extends string>(
  jobs: { late: boolean }[],
  key: (job: never) => T,
): Record<string, [number, number]> {
  const counts: Record<string, [number, number]> = {};
  for (const job of jobs) {
    const name = key(job as never);
    const [completed, late] = counts[name] ?? [0, 0];
    counts[name] = [completed + 1, late + (job.late ? 1 : 0)];
  }
  return counts;
}

describe("maintenance from the mirror", () => {
  it("is 503 mirror_not_ready before the mirror holds its horizon", () => {
    expect(beforeSync.status).toBe(503);
    expect(JSON.parse(beforeSync.text)).toMatchObject({ error: { code: "mirror_not_ready" } });
  });

  it("learns the sandbox's programs back from the fleet's history, and none for irregular jobs", () => {
    for (const truth of SANDBOX_PROGRAMS) {
      const learned = programs.find((program) => program.task_type === truth.type.name);
      expect(learned, truth.type.name).toBeDefined();
      // Each learned interval is one the sandbox has, within 10%.
      if (learned!.interval_days !== null) {
        expect(learned!.interval_days / truth.days).toBeGreaterThan(0.9);
        expect(learned!.interval_days / truth.days).toBeLessThan(1.1);
      }
      if (learned!.interval_miles !== null) {
        expect(truth.miles).not.toBeNull();
        expect(learned!.interval_miles / truth.miles!).toBeGreaterThan(0.9);
        expect(learned!.interval_miles / truth.miles!).toBeLessThan(1.1);
      }
    }
    const names = new Set(SANDBOX_PROGRAMS.map((program) => program.type.name));
    expect(programs.filter((program) => !names.has(program.task_type))).toEqual([]);
  });

  it("gives every vehicle's standing on every program as a computation from the service's tasks does", async () => {
    const all = await allDue("sort=state");
    const expected = referenceRows(Date.parse(all.evaluated_at));
    expect(all.total).toBe(all.rows.length);
    const seen = new Set(all.rows.map((row) => `${row.vehicle_id} ${row.task_type}`));
    expect([...expected.keys()].filter((key) => !seen.has(key))).toEqual([]);
    expect(all.rows.length).toBe(expected.size);
    expect(new Set(all.rows.map((row) => `${row.vehicle_id} ${row.task_type}`)).size).toBe(all.rows.length);
    const wrong = all.rows.filter((row) => {
      const reference = expected.get(`${row.vehicle_id} ${row.task_type}`);
      return (
        !reference ||
        reference.state !== row.state ||
        Math.abs(reference.dueAt - Date.parse(row.due_at)) > 1_000 ||
        reference.row.last_done!.task_id !== row.last_done.task_id ||
        (reference.row.booked?.task_id ?? null) !== (row.booked?.task_id ?? null) ||
        reference.row.last_location!.id !== row.last_location.id
      );
    });
    expect(wrong).toEqual([]);
    // Every state is there, and the counts are the rows in each.
    for (const state of ["overdue", "due_soon", "scheduled", "ok"]) {
      const inState = all.rows.filter((row) => row.state === state).length;
      expect(inState, state).toBeGreaterThan(0);
      expect(all.counts[state]).toBe(inState);
    }
    // sort=state: overdue first, each state by when due.
    const rank = ["overdue", "due_soon", "scheduled", "ok"];
    const keys = all.rows.map((row) => `${rank.indexOf(row.state)}${row.due_at}`);
    expect(keys).toEqual([...keys].sort());
  }, 60_000);

  it("counts each location's rows by state, as the list's rows are", async () => {
    const all = await allDue("sort=mva");
    const summary = JSON.parse((await get(summaryRoute, "/api/maintenance/summary")).text) as {
      by_location: {
        location_id: string;
        overdue: number;
        due_soon: number;
        scheduled: number;
        ok: number;
      }[];
      evaluated_at: string;
    };
    // One evaluation answers both while it is fresh, so the two agree row for row.
    expect(summary.evaluated_at).toBe(all.evaluated_at);
    const expected = new Map<string, Record<string, number>>();
    for (const row of all.rows) {
      const counts = expected.get(row.last_location.id) ?? { overdue: 0, due_soon: 0, scheduled: 0, ok: 0 };
      counts[row.state]! += 1;
      expected.set(row.last_location.id, counts);
    }
    expect(
      Object.fromEntries(
        summary.by_location.map(({ location_id, overdue, due_soon, scheduled, ok }) => [
          location_id,
          { overdue, due_soon, scheduled, ok },
        ]),
      ),
    ).toEqual(Object.fromEntries(expected));
  });

  it("filters by state, task type and last location with totals that equal the rows", async () => {
    const location = tasks[0]!.location.id;
    const page = await allDue(`state=overdue,due_soon&task_type=oil_change&location_id=${location}`);
    const reference = referenceRows(Date.parse(page.evaluated_at));
    const expected = [...reference].filter(
      ([key, value]) =>
        key.endsWith(" oil_change") &&
        (value.state === "overdue" || value.state === "due_soon") &&
        value.row.last_location!.id === location,
    );
    expect(page.total).toBe(page.rows.length);
    expect(page.rows.map((row) => `${row.vehicle_id} ${row.task_type}`).sort()).toEqual(
      expected.map(([key]) => key).sort(),
    );
  }, 60_000);

  it("exports every matching row in the list's order as CSV, and narrows to rows due before an instant", async () => {
    const query = "state=overdue,due_soon&sort=due_at";
    const all = await allDue(query);
    const csv = await routeAnswer(
      rig.mirrored,
      dueExportRoute,
      `/api/maintenance/due/export?${query}`,
      rig.cookie,
    );
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^MVA,Vehicle ID,VIN,Program,State,Due \(UTC\),/);
    // The first four columns hold no comma: ids, a VIN and a task type code.
    const keyOf = (line: string) => `${line.split(",")[1]} ${line.split(",")[3]}`;
    expect(lines.slice(1).map(keyOf)).toEqual(all.rows.map((row) => `${row.vehicle_id} ${row.task_type}`));

    const before = new Date(Date.parse(all.evaluated_at) + 7 * DAY_MS).toISOString();
    const soon = await allDue(`due_before=${encodeURIComponent(before)}`);
    const everything = await allDue("sort=mva");
    const key = (row: DueRow) => `${row.vehicle_id} ${row.task_type}`;
    expect(soon.rows.length).toBeGreaterThan(0);
    expect(soon.rows.map(key).sort()).toEqual(
      everything.rows
        .filter(
          (row) =>
            row.state === "overdue" ||
            ((row.due_date !== null || row.forecast_at !== null) &&
              Date.parse(row.due_at) < Date.parse(before)),
        )
        .map(key)
        .sort(),
    );
  });

  it("shows the planted odometer jump as overdue by miles, and skips a cancelled last job", async () => {
    const leap = await allDue(`vehicle_id=${jumped.vehicle_id}&task_type=${jumped.task_type}`);
    expect(leap.rows).toHaveLength(1);
    expect(leap.rows[0]).toMatchObject({ state: "overdue" });
    expect(leap.rows[0]!.overdue_miles).toBeGreaterThan(0);
    const skipped = await allDue(`vehicle_id=${cancelled.vehicle_id}&task_type=${cancelled.task_type}`);
    expect(skipped.rows).toHaveLength(1);
    expect(skipped.rows[0]!.last_done.task_id).not.toBe(cancelled.id);
  }, 60_000);

  it("states compliance by month, and by location, type and late job within a month, as the service's tasks say", async () => {
    const jobs = referenceJobs();
    const whole = JSON.parse(
      (await get(complianceRoute, "/api/maintenance/compliance")).text,
    ) as ComplianceAnswer;
    expect(whole.late_tolerance).toBe(0.1);
    expect(Object.fromEntries(whole.by_month.map((row) => [row.month, [row.completed, row.late]]))).toEqual(
      tally(jobs, (job: { month: string }) => job.month),
    );
    expect(whole.late_jobs.map((job) => job.task_id)).toContain(lateJob);
    expect(whole.late_jobs.map((job) => job.task_id).sort()).toEqual(
      jobs
        .filter((job) => job.late)
        .map((job) => job.task.id)
        .sort(),
    );
    // Within the month with the most jobs, by location and by type.
    const month = whole.by_month.toSorted((a, b) => b.completed - a.completed)[0]!.month;
    const inMonth = jobs.filter((job) => job.month === month);
    const one = JSON.parse(
      (await get(complianceRoute, `/api/maintenance/compliance?month=${month}`)).text,
    ) as ComplianceAnswer;
    expect(one.month).toBe(month);
    expect(
      Object.fromEntries(one.by_location.map((row) => [row.location_id, [row.completed, row.late]])),
    ).toEqual(tally(inMonth, (job: { task: Task }) => job.task.location.id));
    expect(
      Object.fromEntries(one.by_task_type.map((row) => [row.task_type, [row.completed, row.late]])),
    ).toEqual(tally(inMonth, (job: { task: Task }) => job.task.task_type));
    expect(one.late_jobs.map((job) => job.task_id).sort()).toEqual(
      inMonth
        .filter((job) => job.late)
        .map((job) => job.task.id)
        .sort(),
    );
    expect(jobs.filter((job) => job.late).length).toBeGreaterThan(0);
    expect(jobs.filter((job) => !job.late).length).toBeGreaterThan(jobs.length / 2);
  });

  it("lists every vehicle once, where and when it was last worked on, and its overdue programs", async () => {
    const due = await allDue("sort=mva");
    interface VehicleRow {
      vehicle_id: string;
      last_location: { id: string } | null;
      last_seen_at: string | null;
      latest_odometer: number | null;
      overdue: number;
      tasks: number;
    }
    const listed: VehicleRow[] = [];
    let cursor: string | null = null;
    const totals: number[] = [];
    do {
      const path = `/api/vehicles?sort=last_seen_at&order=desc&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = JSON.parse((await get(vehiclesRoute, path)).text) as {
        data: VehicleRow[];
        total: number;
        next_cursor: string | null;
      };
      listed.push(...page.data);
      totals.push(page.total);
      cursor = page.next_cursor;
    } while (cursor);
    const byVehicle = new Map<string, Task[]>();
    for (const task of tasks)
      byVehicle.set(task.vehicle_id, [...(byVehicle.get(task.vehicle_id) ?? []), task]);
    expect(new Set(totals)).toEqual(new Set([byVehicle.size]));
    expect(listed.map((row) => row.vehicle_id).sort()).toEqual([...byVehicle.keys()].sort());
    const overdue = new Map<string, number>();
    for (const row of due.rows)
      if (row.state === "overdue") overdue.set(row.vehicle_id, (overdue.get(row.vehicle_id) ?? 0) + 1);
    const wrong = listed.filter((row) => {
      const own = byVehicle.get(row.vehicle_id)!.sort(byTime);
      const latest = own
        .filter((task) => task.status === "completed" || task.status === "in_progress")
        .at(-1);
      return (
        row.tasks !== own.length ||
        (row.last_location?.id ?? null) !== (latest?.location.id ?? null) ||
        row.last_seen_at !== (latest?.started_at ?? null) ||
        row.latest_odometer !== (latest?.odometer_miles ?? null) ||
        row.overdue !== (overdue.get(row.vehicle_id) ?? 0)
      );
    });
    expect(wrong).toEqual([]);
    // Newest first, those never worked on (only bookings) last.
    const seen = listed.map((row) => row.last_seen_at ?? "");
    expect(seen).toEqual([...seen].sort().reverse());
    const one = JSON.parse((await get(vehiclesRoute, `/api/vehicles?q=${listed[0]!.vehicle_id}`)).text) as {
      data: VehicleRow[];
    };
    expect(one.data.map((row) => row.vehicle_id)).toEqual([listed[0]!.vehicle_id]);
    for (const query of ["sort=vin", "limit=501", "cursor=x", "status=ok"]) {
      expect((await get(vehiclesRoute, `/api/vehicles?${query}`)).status, query).toBe(400);
    }
  });

  it("refuses bad parameters with the documented error", async () => {
    for (const query of ["month=2026-13", "month=26-10", "location_id=", "sort=month"]) {
      const answer = await get(complianceRoute, `/api/maintenance/compliance?${query}`);
      expect(answer.status, query).toBe(400);
    }
    for (const query of [
      "state=late",
      "sort=odometer",
      "order=up",
      "limit=0",
      "cursor=abc",
      "colour=red",
      "due_before=tomorrow",
    ]) {
      const answer = await get(dueRoute, `/api/maintenance/due?${query}`);
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(answer.text), query).toMatchObject({ error: { code: "invalid_request" } });
    }
    const first = JSON.parse((await get(dueRoute, "/api/maintenance/due?limit=1&sort=mva")).text) as DuePage;
    const foreign = await get(dueRoute, `/api/maintenance/due?sort=due_at&cursor=${first.next_cursor}`);
    expect(foreign.status).toBe(400);
    expect((await get(programsRoute, "/api/maintenance/programs?x=1")).status).toBe(400);
  });
});

describe("staff's program overrides", () => {
  const send = (
    method: "PUT" | "DELETE",
    taskType: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    routeSend(
      rig.mirrored,
      programOverrideRoute,
      method,
      `/api/maintenance/programs/${encodeURIComponent(taskType)}`,
      {
        cookie: rig.cookie,
        params: { task_type: taskType },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      },
    );
  interface ProgramInEffect extends Program {
    due_soon_share: number;
    source: string;
    learned: { interval_days: number | null; interval_miles: number | null } | null;
    sample: object | null;
    override: { changed_by: string } | null;
  }
  const inEffect = async () =>
    JSON.parse((await get(programsRoute, "/api/maintenance/programs")).text) as {
      data: ProgramInEffect[];
      irregular: { task_type: string; override: object | null }[];
    };
  const dueOf = (taskType: string) => allDue(`task_type=${taskType}`);

  it("change a schedule, a threshold or say no program; the due list follows, and removing one restores the learned", async () => {
    const oilBefore = await dueOf("oil_change");
    expect(oilBefore.counts.overdue).toBeGreaterThan(0);
    const tireBefore = await dueOf("tire_rotation");
    const oilCompliance = async () =>
      JSON.parse((await get(complianceRoute, "/api/maintenance/compliance?task_type=oil_change")).text) as {
        by_task_type: unknown[];
        late_jobs: { task_id: string }[];
      };
    const oilComplianceBefore = await oilCompliance();
    expect(oilComplianceBefore.late_jobs.map((job) => job.task_id)).toContain(lateJob);

    // A year between oil changes, by date alone: nothing in 185 days of history is overdue.
    const set = await send("PUT", "oil_change", { interval_days: 365 });
    expect(set.status, set.text).toBe(200);
    expect(JSON.parse(set.text)).toMatchObject({
      task_type: "oil_change",
      no_program: false,
      interval_days: 365,
      interval_miles: null,
      due_soon_share: null,
      changed_by: "staff@company.example",
    });
    // A type with no learned program gets one; one with a program loses it; another keeps its
    // learned schedule with half the interval counted as due soon.
    expect((await send("PUT", "car_wash", { interval_days: 30, due_soon_share: 0.2 })).status).toBe(200);
    expect((await send("PUT", "multi_point_inspection", { no_program: true })).status).toBe(200);
    expect((await send("PUT", "tire_rotation", { due_soon_share: 0.5 })).status).toBe(200);

    const programsNow = await inEffect();
    const oil = programsNow.data.find((program) => program.task_type === "oil_change")!;
    const learnedOil = programs.find((program) => program.task_type === "oil_change")!;
    expect(oil).toMatchObject({
      source: "override",
      interval_days: 365,
      interval_miles: null,
      due_soon_share: 0.1,
    });
    expect(oil.learned).toEqual({
      interval_days: learnedOil.interval_days,
      interval_miles: learnedOil.interval_miles,
    });
    expect(programsNow.data.find((program) => program.task_type === "car_wash")).toMatchObject({
      source: "override",
      interval_days: 30,
      due_soon_share: 0.2,
      learned: null,
      sample: null,
    });
    expect(programsNow.data.map((program) => program.task_type)).not.toContain("multi_point_inspection");
    expect(
      programsNow.irregular.find((type) => type.task_type === "multi_point_inspection")?.override,
    ).toMatchObject({
      no_program: true,
    });

    // Jobs done before the change are judged by the program in force then: a year's interval
    // set today excuses none of them.
    const oilComplianceAfter = await oilCompliance();
    expect(oilComplianceAfter.by_task_type).toEqual(oilComplianceBefore.by_task_type);
    expect(oilComplianceAfter.late_jobs).toEqual(oilComplianceBefore.late_jobs);

    const oilAfter = await dueOf("oil_change");
    expect(oilAfter.total).toBe(oilBefore.total);
    expect(oilAfter.counts.overdue).toBe(0);
    for (const row of oilAfter.rows) expect(row.due_by).toBe("days");
    expect((await dueOf("car_wash")).total).toBeGreaterThan(0);
    expect((await dueOf("multi_point_inspection")).total).toBe(0);
    const tireAfter = await dueOf("tire_rotation");
    expect(tireAfter.counts.due_soon!).toBeGreaterThan(tireBefore.counts.due_soon!);
    expect(tireAfter.counts.overdue).toBe(tireBefore.counts.overdue);

    // Every change is in the audit trail: who, which type, before and after. (The trail holds this
    // file's due exports too.)
    const workspace = await rig.mirrored.workspace();
    const audit = await workspace.query<{
      actor: string;
      action: string;
      details: { task_type: string; before: unknown; after: unknown };
    }>(
      "SELECT actor, action, details FROM workspace_audit WHERE action LIKE 'program_override%' ORDER BY id",
    );
    expect(audit.map((record) => [record.actor, record.action, record.details.task_type])).toEqual([
      ["staff@company.example", "program_override_set", "oil_change"],
      ["staff@company.example", "program_override_set", "car_wash"],
      ["staff@company.example", "program_override_set", "multi_point_inspection"],
      ["staff@company.example", "program_override_set", "tire_rotation"],
    ]);
    expect(audit[0]!.details).toMatchObject({ before: null, after: { interval_days: 365 } });
    await expect(workspace.query("DELETE FROM workspace_audit")).rejects.toThrow(/append-only/);

    for (const taskType of ["oil_change", "car_wash", "multi_point_inspection", "tire_rotation"]) {
      expect((await send("DELETE", taskType)).status, taskType).toBe(204);
    }
    expect((await send("DELETE", "oil_change")).status).toBe(404);
    const restored = await inEffect();
    expect(
      restored.data.map(({ task_type, interval_days, interval_miles }) => ({
        task_type,
        interval_days,
        interval_miles,
      })),
    ).toEqual(
      programs.map(({ task_type, interval_days, interval_miles }) => ({
        task_type,
        interval_days,
        interval_miles,
      })),
    );
    expect((await dueOf("oil_change")).counts).toEqual(oilBefore.counts);
  });

  it("refuses a bad override with the documented error and changes nothing", async () => {
    const json = { "content-type": "application/json" };
    const refusals: [string, unknown, Record<string, string>, number][] = [
      ["oil_change", "{not json", {}, 400],
      ["oil_change", "interval_days=30", { "content-type": "application/x-www-form-urlencoded" }, 400],
      ["oil_change", { interval_days: 0 }, {}, 400],
      ["oil_change", { interval_days: 3661 }, {}, 400],
      ["oil_change", { interval_days: "30" }, {}, 400],
      ["oil_change", { interval_days: 30.5 }, {}, 400],
      ["oil_change", { due_soon_share: 0.9 }, {}, 400],
      ["oil_change", { no_program: true, interval_days: 30 }, {}, 400],
      ["oil_change", { interval_weeks: 4 }, {}, 400],
      ["oil_change", [], {}, 400],
      ["oil_change", null, {}, 400],
      ["oil_change", JSON.stringify({ interval_days: 30, pad: "x".repeat(5_000) }), json, 400],
      ["oil\u0001change", { interval_days: 30 }, {}, 400],
      ["x".repeat(129), { interval_days: 30 }, {}, 400],
      // A page of another site riding the session cookie.
      ["oil_change", { interval_days: 30 }, { origin: "https://elsewhere.example" }, 403],
    ];
    for (const [taskType, body, headers, status] of refusals) {
      const answer = await send("PUT", taskType, body, headers);
      expect(answer.status, `${taskType} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.parse(answer.text)).toMatchObject({
        error: { code: status === 403 ? "forbidden" : "invalid_request" },
      });
    }
    const sameSite = await send("PUT", "oil_change", { interval_days: 30 }, { origin: "http://localhost" });
    expect(sameSite.status).toBe(200);
    // Behind a proxy that ends TLS: the page's origin is the public one, which the proxy names.
    const proxied = await send(
      "PUT",
      "oil_change",
      { interval_days: 31 },
      {
        origin: "https://fleet.example",
        "x-forwarded-host": "fleet.example",
        "sec-fetch-site": "same-origin",
      },
    );
    expect(proxied.status, proxied.text).toBe(200);
    const crossSite = await send(
      "PUT",
      "oil_change",
      { interval_days: 32 },
      { "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(
      (await send("DELETE", "oil_change", undefined, { origin: "https://elsewhere.example" })).status,
    ).toBe(403);
    expect((await send("DELETE", "oil_change")).status).toBe(204);
    const options = await routeSend(
      rig.mirrored,
      programOverrideRoute,
      "OPTIONS",
      "/api/maintenance/programs/oil_change",
      {
        cookie: rig.cookie,
        params: { task_type: "oil_change" },
      },
    );
    expect(options.headers.get("allow")).toBe("PUT, DELETE, OPTIONS");
    expect((await inEffect()).data.every((program) => program.override === null)).toBe(true);
  });

  it("lets a scroll go on at the instant its first page was evaluated, after a newer evaluation", async () => {
    const page = async (query: string) => {
      const answer = await get(dueRoute, `/api/maintenance/due?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return JSON.parse(answer.text) as DuePage;
    };
    const first = await page("sort=due_at&limit=100");
    // A change of programs drops the held evaluation; the next first page is evaluated anew.
    expect((await send("PUT", "car_wash", { no_program: true })).status).toBe(200);
    expect((await send("DELETE", "car_wash")).status).toBe(204);
    const newer = await page("limit=1");
    expect(Date.parse(newer.evaluated_at)).toBeGreaterThan(Date.parse(first.evaluated_at));
    const second = await page(`sort=due_at&limit=100&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.evaluated_at).toBe(first.evaluated_at);
    const reference = [...referenceRows(Date.parse(first.evaluated_at))]
      .sort(([idA, a], [idB, b]) => a.dueAt - b.dueAt || (idA < idB ? -1 : 1))
      .slice(0, 200);
    expect([...first.data, ...second.data].map((row) => row.due_at)).toEqual(
      reference.map(([, row]) => new Date(row.dueAt).toISOString()),
    );
  });

  it("answers a first page from the held evaluation for a minute, evaluating a new one beside it after 15 s", async () => {
    const evaluatedAt = async () => {
      const answer = await get(dueRoute, "/api/maintenance/due?limit=1");
      expect(answer.status, answer.text).toBe(200);
      return (JSON.parse(answer.text) as DuePage).evaluated_at;
    };
    // Only Date moves: the reads and the test's polling keep real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const first = await evaluatedAt();
      vi.setSystemTime(Date.parse(first) + 20_000);
      expect(await evaluatedAt()).toBe(first);
      let newer = first;
      await eventually(async () => (newer = await evaluatedAt()) !== first, 30_000);
      expect(Date.parse(newer)).toBe(Date.parse(first) + 20_000);
      // Past a minute with nothing newer held, a first page waits for its own evaluation.
      vi.setSystemTime(Date.parse(newer) + 61_000);
      expect(await evaluatedAt()).toBe(new Date(Date.parse(newer) + 61_000).toISOString());
    } finally {
      vi.useRealTimers();
    }
  });
});
