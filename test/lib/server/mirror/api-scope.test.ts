// A viewer of two locations, through the dashboard's route handlers against the real service: every
// endpoint, with every parameter that could widen the view (other locations, their vehicles' ids and
// MVAs, searches matching them, task ids seen elsewhere, an admin's cursor), shows nothing of the
// other locations. For the lists, what the viewer gets for a query is exactly what an admin gets for
// the same query narrowed to the viewer's locations. Without the mirror too, where a list naming
// another location costs no upstream call. Only an admin changes the fleet's programs, and only an
// admin of every location changes what staff may see. A shared saved view opens for the viewer
// without the locations they may not see, and only its owner changes it. The mirror's checks run
// twice: on PGlite, and on PostgreSQL read through a second dashboard instance that does not sync.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dashboardContract } from "@/contract/conformance/documents";
import * as auditExportRoute from "@/app/api/admin/audit/export/route";
import * as auditRoute from "@/app/api/admin/audit/route";
import * as staffDisabledRoute from "@/app/api/admin/staff/[email]/disabled/route";
import * as staffAccessRoute from "@/app/api/admin/staff/[email]/route";
import * as singleSignOnRoute from "@/app/api/admin/staff/[email]/single-sign-on/route";
import * as staffRoute from "@/app/api/admin/staff/route";
import * as exportRoute from "@/app/api/export/route";
import * as visibleExportRoute from "@/app/api/export/visible/route";
import * as locationsRoute from "@/app/api/locations/route";
import * as complianceRoute from "@/app/api/maintenance/compliance/route";
import * as dueExportRoute from "@/app/api/maintenance/due/export/route";
import * as dueRoute from "@/app/api/maintenance/due/route";
import * as programOverrideRoute from "@/app/api/maintenance/programs/[task_type]/route";
import * as dueSummaryRoute from "@/app/api/maintenance/summary/route";
import * as mirrorRoute from "@/app/api/mirror/route";
import * as taskRoute from "@/app/api/tasks/[id]/route";
import * as tasksRoute from "@/app/api/tasks/route";
import * as summaryRoute from "@/app/api/tasks/summary/route";
import * as vehicleRoute from "@/app/api/vehicles/[vehicle_id]/route";
import * as vehiclesRoute from "@/app/api/vehicles/route";
import * as viewRoute from "@/app/api/views/[id]/route";
import * as viewsRoute from "@/app/api/views/route";
import * as startViewRoute from "@/app/api/views/start/route";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { dashboardEnv } from "@/lib/server/env";
import { upsertStaffMember } from "@/lib/server/staff";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { scratchDatabase } from "@/harness/local-postgres";
import { xlsxRows } from "./support/xlsx-rows";
import {
  readingInstance,
  routeAnswer,
  routeSend,
  startApiRig,
  upstreamCalls,
  type ApiRig,
} from "./api-support";
import { directWalk } from "./sync-support";

const VIEWER = "branch@company.example";

let rig: ApiRig;
/** The instance the mirror's checks read through: the rig's own, or a second one. */
let reader: DashboardBackend;
let viewer: string;
let tasks: Task[];
/** The viewer's two locations, and the others. */
let mine: string[];
let others: string[];
let window: string;

const isMine = (location: string) => mine.includes(location);

async function get(
  backend: DashboardBackend,
  route: Record<string, unknown>,
  path: string,
  cookie: string,
  params = {},
) {
  const answer = await routeAnswer(backend, route, path, cookie, params);
  return {
    status: answer.status,
    headers: answer.headers,
    text: answer.text,
    json: () => JSON.parse(answer.text) as unknown,
  };
}

interface TaskPage {
  data: Task[];
  next_cursor: string | null;
  total: number | null;
}

/** Every row of a task list, page by page. */
async function allRows(backend: DashboardBackend, query: string, cookie: string) {
  const rows: Task[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  do {
    const path = `/api/tasks?${query}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const answer = await get(backend, tasksRoute, path, cookie);
    expect(answer.status, answer.text).toBe(200);
    const page = answer.json() as TaskPage;
    total ??= page.total;
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return {
    ids: rows.map((task) => task.id),
    locations: new Set(rows.map((task) => task.location.id)),
    total,
  };
}

/** The query with its locations narrowed to the viewer's, as an admin would ask; undefined when none is left. */
function narrowed(query: string): string | undefined {
  const params = new URLSearchParams(query);
  const asked = params.get("location_id")?.split(",");
  const locations = asked ? asked.filter(isMine) : mine;
  if (locations.length === 0) return undefined;
  params.set("location_id", locations.join(","));
  return params.toString();
}

/** The rig on a synced mirror, the viewer in its staff file, and the locations split. */
async function openRig(databaseUrl?: string): Promise<void> {
  rig = await startApiRig(60, 10, { VTS_SEED_TASKS: "3000" }, databaseUrl);
  reader = rig.mirrored;
  await rig.syncAll();
  tasks = await directWalk(rig.service, rig.horizon.from, rig.horizon.to);
  const byLocation = new Map<string, number>();
  for (const task of tasks) byLocation.set(task.location.id, (byLocation.get(task.location.id) ?? 0) + 1);
  const busiest = [...byLocation].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  mine = busiest.slice(0, 2).sort();
  others = busiest.slice(2);
  window = `from=${new Date(rig.horizon.from).toISOString()}&to=${new Date(rig.horizon.to).toISOString()}`;
  // The file sessions are checked against: the environment is read once per process, so a second
  // rig in this file still has its sessions checked against the first rig's staff file.
  await upsertStaffMember(dashboardEnv().STAFF_FILE, VIEWER, "Branch", "a-long-branch-password", {
    role: "viewer",
    locations: mine,
  });
  viewer = await rig.cookieFor(VIEWER);
}

/** A vehicle seen only at other locations, and one seen at both. */
function vehicles() {
  const seen = new Map<string, Set<string>>();
  for (const task of tasks) {
    const places = seen.get(task.vehicle_id) ?? new Set<string>();
    places.add(task.location.id);
    seen.set(task.vehicle_id, places);
  }
  const elsewhere = [...seen].find(([, places]) => ![...places].some(isMine))![0];
  const both = [...seen].find(
    ([, places]) => [...places].some(isMine) && [...places].some((id) => !isMine(id)),
  )![0];
  return { elsewhere, both, mvaOf: (id: string) => tasks.find((task) => task.vehicle_id === id)!.mva };
}

/** Queries that name, or search for, what the viewer may not see. */
function wideningQueries(): string[] {
  const { elsewhere, both, mvaOf } = vehicles();
  const otherName = tasks.find((task) => task.location.id === others[0])!.location.name;
  return [
    window,
    `${window}&location_id=${others[0]}`,
    `${window}&location_id=${others[0]},${mine[0]}`,
    `${window}&location_id=${others.join(",")}`.slice(0, 2000),
    `${window}&vehicle_id=${elsewhere}`,
    `${window}&vehicle_id=${both}`,
    `${window}&mva=${mvaOf(elsewhere)}`,
    `${window}&q=${encodeURIComponent(mvaOf(elsewhere))}`,
    `${window}&q=${encodeURIComponent(otherName.slice(0, 12))}`,
    `${window}&status=completed&sort=location&order=desc`,
  ];
}

/** What the mirror answers a viewer, through `reader`: admin and viewer alike read there. */
function mirrorScopeChecks(): void {
  describe("a viewer of two locations, from the mirror", () => {
    it("sees only those locations", async () => {
      const answer = await get(reader, locationsRoute, "/api/locations", viewer);
      expect((answer.json() as { data: { id: string }[] }).data.map((location) => location.id)).toEqual(mine);
      // The mirror's count of tasks held is of theirs too.
      const held = async (cookie: string) =>
        ((await get(reader, mirrorRoute, "/api/mirror", cookie)).json() as { rows: number }).rows;
      expect(await held(viewer)).toBe(tasks.filter((task) => isMine(task.location.id)).length);
      expect(await held(rig.cookie)).toBe(tasks.length);
    });

    it("gets for every list exactly what an admin gets narrowed to those locations", async () => {
      for (const query of wideningQueries()) {
        const seen = await allRows(reader, query, viewer);
        expect([...seen.locations].every(isMine), query).toBe(true);
        const asAdmin = narrowed(query);
        const expected = asAdmin ? await allRows(reader, asAdmin, rig.cookie) : { ids: [], total: 0 };
        expect(seen.ids, query).toEqual(expected.ids);
        expect(seen.total, query).toBe(expected.total);
      }
      // Not vacuous: the whole window has tasks at both, and at the others.
      const whole = await allRows(reader, window, viewer);
      expect(whole.total).toBe(tasks.filter((task) => isMine(task.location.id)).length);
      expect(whole.locations).toEqual(new Set(mine));
    });

    it("gets summaries and exports of those locations only", async () => {
      // A summary has no order: its queries are the lists' without sort and order.
      const unordered = (query: string) => query.replace(/&(sort|order)=[^&]*/g, "");
      for (const query of wideningQueries().map(unordered)) {
        const summary = await get(reader, summaryRoute, `/api/tasks/summary?${query}`, viewer);
        const csv = await get(reader, exportRoute, `/api/export?${query}`, viewer);
        expect(summary.status, summary.text).toBe(200);
        expect(csv.status, csv.text).toBe(200);
        const asAdmin = narrowed(query);
        if (asAdmin) {
          const expected = await get(reader, summaryRoute, `/api/tasks/summary?${asAdmin}`, rig.cookie);
          const { as_of: _a, ...seen } = summary.json() as Record<string, unknown>;
          const { as_of: _b, ...wanted } = expected.json() as Record<string, unknown>;
          expect(seen, query).toEqual(wanted);
          const expectedCsv = await get(reader, exportRoute, `/api/export?${asAdmin}`, rig.cookie);
          expect(csv.text, query).toBe(expectedCsv.text);
        } else {
          expect((summary.json() as { total: number }).total, query).toBe(0);
          expect(csv.text.trim().split("\n"), query).toHaveLength(1);
        }
      }
    });

    it("naming a location by what is no location id is refused as it is an admin, recording only real ids", async () => {
      const workspace = await reader.workspace();
      const records = () =>
        workspace.query<{ details: { location_ids?: string[] } }>(
          "SELECT details FROM workspace_audit ORDER BY id DESC",
        );
      const before = (await records()).length;
      // A NUL, which PostgreSQL refuses to store in a record; a space; one too long; a lone
      // surrogate; and a real location beside a NUL, whose real id alone is recorded.
      for (const bad of ["%00", "a%20b", "x".repeat(129), "%ED%A0%80", `${others[0]},%00`]) {
        for (const cookie of [viewer, rig.cookie]) {
          const answer = await get(reader, tasksRoute, `/api/tasks?${window}&location_id=${bad}`, cookie);
          expect(answer.status, `${bad}: ${answer.text}`).toBe(400);
          expect((answer.json() as { error: { code: string } }).error.code).toBe("invalid_request");
        }
      }
      const after = await records();
      expect(after).toHaveLength(before + 1);
      expect(after[0]!.details.location_ids).toEqual([others[0]]);
    });

    it("is told a task or vehicle seen only elsewhere does not exist, as an unknown one", async () => {
      const theirs = tasks.find((task) => !isMine(task.location.id))!;
      const ours = tasks.find((task) => isMine(task.location.id))!;
      const unknown = await get(reader, taskRoute, "/api/tasks/no-such-task", viewer, {
        id: "no-such-task",
      });
      const hidden = await get(reader, taskRoute, `/api/tasks/${theirs.id}`, viewer, { id: theirs.id });
      expect(hidden.status).toBe(404);
      expect((hidden.json() as { error: { message: string } }).error.message).toBe(
        (unknown.json() as { error: { message: string } }).error.message,
      );
      expect((await get(reader, taskRoute, `/api/tasks/${ours.id}`, viewer, { id: ours.id })).status).toBe(
        200,
      );

      const { elsewhere, both } = vehicles();
      const path = (id: string) => `/api/vehicles/${id}`;
      const hiddenVehicle = await get(reader, vehicleRoute, path(elsewhere), viewer, {
        vehicle_id: elsewhere,
      });
      expect(hiddenVehicle.status).toBe(404);
      const seen = await get(reader, vehicleRoute, path(both), viewer, { vehicle_id: both });
      // A mirror's "none" says as of when, as its answers do, and the same for an unknown vehicle.
      const unknownVehicle = await get(reader, vehicleRoute, path("veh_never_seen"), viewer, {
        vehicle_id: "veh_never_seen",
      });
      for (const refused of [hiddenVehicle, unknownVehicle]) {
        expect(refused.status).toBe(404);
        expect(refused.headers.get("x-data-fetched-at")).toBe(seen.headers.get("x-data-fetched-at"));
        expect(refused.headers.get("x-data-stale")).toBe("false");
      }
      const history = (seen.json() as { tasks: Task[] }).tasks;
      const expected = tasks.filter((task) => task.vehicle_id === both && isMine(task.location.id));
      expect(history.map((task) => task.id).sort()).toEqual(expected.map((task) => task.id).sort());
    });

    it("exports as XLSX only the visible rows at their locations, refusing an id elsewhere as an unknown one", async () => {
      const sent = tasks.filter((_, index) => index % 7 === 0).slice(0, 400);
      const theirs = sent.filter((task) => isMine(task.location.id));
      const elsewhere = sent.filter((task) => !isMine(task.location.id));
      expect(theirs.length).toBeGreaterThan(0);
      expect(elsewhere.length).toBeGreaterThan(0);
      const exported = (ids: string[]) =>
        routeSend(reader, visibleExportRoute, "POST", "/api/export/visible", {
          cookie: viewer,
          body: JSON.stringify({ ids, columns: ["id", "location"], zone: "location" }),
          headers: { "content-type": "application/json" },
        });
      const answer = await exported(theirs.map((task) => task.id));
      expect(answer.status, answer.text).toBe(200);
      const [header, ...rows] = await xlsxRows(answer.bytes);
      expect(header).toEqual(["Task ID", "Location"]);
      expect(rows).toEqual(theirs.map((task) => [task.id, task.location.name]));
      // Neither kind is in the file, and the refusal tells them apart no more than the file would.
      const withElsewhere = await exported([...theirs.map((task) => task.id), elsewhere[0]!.id]);
      const withUnknown = await exported([...theirs.map((task) => task.id), "no-such-task"]);
      expect(withElsewhere.status).toBe(400);
      expect(withUnknown.status).toBe(400);
      const message = (text: string) => (JSON.parse(text) as { error: { message: string } }).error.message;
      expect(message(withElsewhere.text)).toMatch(/^1 of the rows are not/);
      expect(message(withElsewhere.text)).toBe(message(withUnknown.text));
    });

    it("cannot read further with an admin's cursor", async () => {
      const first = await get(reader, tasksRoute, `/api/tasks?${window}&limit=50`, rig.cookie);
      const cursor = (first.json() as TaskPage).next_cursor!;
      const next = await get(
        reader,
        tasksRoute,
        `/api/tasks?${window}&limit=50&cursor=${encodeURIComponent(cursor)}`,
        viewer,
      );
      if (next.status === 200)
        expect((next.json() as TaskPage).data.every((task) => isMine(task.location.id))).toBe(true);
      else expect(next.status).toBe(400);
    });
  });

  describe("maintenance, for the viewer", () => {
    const override = (cookie: string) =>
      routeSend(reader, programOverrideRoute, "PUT", "/api/maintenance/programs/oil_change", {
        cookie,
        params: { task_type: "oil_change" },
        body: JSON.stringify({ interval_days: 60 }),
        headers: { "content-type": "application/json" },
      });

    it("only an admin changes a program", async () => {
      const refused = await override(viewer);
      expect(refused.status).toBe(403);
      expect((JSON.parse(refused.text) as { error: { code: string } }).error.code).toBe("forbidden");
      expect((await override(rig.cookie)).status).toBe(200);
    });

    it("due rows, their counts and export, compliance and vehicles are of the viewer's locations", async () => {
      interface DueRow {
        vehicle_id: string;
        task_type: string;
        last_location: { id: string } | null;
        last_done: {
          task_id: string | null;
          at: string;
          odometer_miles: number;
          location_id: string | null;
          location_name: string | null;
        };
        booked: { task_id: string | null; at: string } | null;
      }
      const due = async (cookie: string, query = "") => {
        const answer = await get(reader, dueRoute, `/api/maintenance/due?limit=500${query}`, cookie);
        expect(answer.status, answer.text).toBe(200);
        return answer.json() as { data: DueRow[]; total: number };
      };
      const key = (row: DueRow) => `${row.vehicle_id} ${row.task_type}`;
      const everyone = await due(rig.cookie);
      const seen = await due(viewer);
      expect(everyone.data.some((row) => !isMine(row.last_location!.id))).toBe(true);
      expect(seen.data.length).toBeGreaterThan(0);
      expect(seen.data.map(key).sort()).toEqual(
        everyone.data
          .filter((row) => isMine(row.last_location!.id))
          .map(key)
          .sort(),
      );
      expect((await due(viewer, `&location_id=${others[0]}`)).total).toBe(0);
      // A job elsewhere still decides the state, by its time and odometer; which task and where, the
      // viewer is not told (nor of a booking elsewhere).
      const locationOf = new Map(tasks.map((task) => [task.id, task.location.id]));
      const admins = new Map(everyone.data.map((row) => [key(row), row]));
      let doneElsewhere = 0;
      for (const row of seen.data) {
        const full = admins.get(key(row))!;
        expect(row.last_done.at).toBe(full.last_done.at);
        expect(row.last_done.odometer_miles).toBe(full.last_done.odometer_miles);
        if (isMine(full.last_done.location_id!)) {
          expect(row.last_done).toEqual(full.last_done);
        } else {
          doneElsewhere += 1;
          expect(row.last_done).toMatchObject({ task_id: null, location_id: null, location_name: null });
        }
        const booked = full.booked && isMine(locationOf.get(full.booked.task_id!)!);
        expect(row.booked, key(row)).toEqual(
          full.booked && { task_id: booked ? full.booked.task_id : null, at: full.booked.at },
        );
      }
      expect(doneElsewhere).toBeGreaterThan(0);
      // A vehicle seen at the viewer's locations but last worked on elsewhere: its page opens for
      // them, and its rows come when it is asked for by id (naming no location), and only then.
      const seenAt = (vehicleId: string, mineOnly: boolean) =>
        tasks.some((task) => task.vehicle_id === vehicleId && isMine(task.location.id) === mineOnly);
      const movedOn = everyone.data.find(
        (row) => !isMine(row.last_location!.id) && seenAt(row.vehicle_id, true),
      )!.vehicle_id;
      const itsRows = await due(viewer, `&vehicle_id=${movedOn}`);
      expect(itsRows.data.map(key).sort()).toEqual(
        everyone.data
          .filter((row) => row.vehicle_id === movedOn)
          .map(key)
          .sort(),
      );
      expect(
        itsRows.data.every((row) => row.last_done.location_id === null || isMine(row.last_done.location_id)),
      ).toBe(true);
      // Nor where it was last worked on, another location's name.
      expect(itsRows.data.every((row) => row.last_location === null)).toBe(true);
      expect((await due(viewer, `&vehicle_id=${movedOn}&location_id=${mine[0]}`)).total).toBe(0);
      const neverHere = everyone.data.find((row) => !seenAt(row.vehicle_id, true))!.vehicle_id;
      expect((await due(viewer, `&vehicle_id=${neverHere}`)).total).toBe(0);

      const counts = await get(reader, dueSummaryRoute, "/api/maintenance/summary", viewer);
      const byLocation = (counts.json() as { by_location: { location_id: string }[] }).by_location;
      expect(byLocation.map((row) => row.location_id).sort()).toEqual(
        [...new Set(seen.data.map((row) => row.last_location!.id))].sort(),
      );

      const csv = await get(reader, dueExportRoute, "/api/maintenance/due/export", viewer);
      expect(csv.text.trim().split("\n")).toHaveLength(seen.total + 1);
      for (const task of tasks.filter((one) => !isMine(one.location.id)))
        expect(csv.text).not.toContain(task.id);

      const compliance = await get(
        reader,
        complianceRoute,
        `/api/maintenance/compliance?location_id=${others[0]}`,
        viewer,
      );
      const report = compliance.json() as {
        by_location: { location_id: string }[];
        late_jobs: { location_id: string }[];
      };
      expect(report.by_location).toEqual([]);
      const whole = await get(reader, complianceRoute, "/api/maintenance/compliance", viewer);
      const wholeReport = whole.json() as {
        by_location: { location_id: string }[];
        late_jobs: { location_id: string; previous_task_id: string | null }[];
      };
      expect(
        [...wholeReport.by_location, ...wholeReport.late_jobs].every((row) => isMine(row.location_id)),
      ).toBe(true);
      for (const job of wholeReport.late_jobs)
        if (job.previous_task_id !== null) expect(isMine(locationOf.get(job.previous_task_id)!)).toBe(true);

      const list = await get(reader, vehiclesRoute, "/api/vehicles?limit=500", viewer);
      const fleet = (
        list.json() as { data: { vehicle_id: string; last_location: { id: string } | null; tasks: number }[] }
      ).data;
      expect(fleet.length).toBeGreaterThan(0);
      expect(fleet.every((vehicle) => vehicle.last_location && isMine(vehicle.last_location.id))).toBe(true);
      // Counted at the viewer's locations only, as the vehicle's own page lists them.
      for (const vehicle of fleet) {
        const theirs = tasks.filter(
          (task) => task.vehicle_id === vehicle.vehicle_id && isMine(task.location.id),
        );
        expect(vehicle.tasks, vehicle.vehicle_id).toBe(theirs.length);
      }
    });
  });
}

/** The query parameters the dashboard's contract documents for GET `path`. */
function documentedQueryParameters(path: string): string[] {
  interface Parameter {
    name?: string;
    in?: string;
    $ref?: string;
  }
  const document = dashboardContract.document as {
    paths: Record<string, { get?: { parameters?: Parameter[] } }>;
    components: { parameters: Record<string, Parameter> };
  };
  const operation = document.paths[path]?.get;
  if (!operation) throw new Error(`the contract has no GET ${path}`);
  return (operation.parameters ?? [])
    .map((parameter) =>
      parameter.$ref ? document.components.parameters[parameter.$ref.split("/").at(-1)!]! : parameter,
    )
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => parameter.name!);
}

/** Values no parameter takes, each of which once reached a store or a log that cannot hold it. */
const HOSTILE_VALUES = ["%00", "a%00b,c", "%ED%A0%80", "%F0%9F%9A%97", "x".repeat(4_000), "%22%3B--%20"];

describe("on PGlite", () => {
  beforeAll(() => openRig(), 180_000);
  afterAll(async () => {
    await rig?.close();
  });

  mirrorScopeChecks();

  it("answers hostile JSON bodies on every write route without a 5xx", async () => {
    const swept = "swept@company.example";
    await upsertStaffMember(dashboardEnv().STAFF_FILE, swept, "Swept", "a-long-swept-password", {
      role: "viewer",
      locations: "all",
    });
    // Each route with a body it takes; every variant below is that body with one part spoilt. A
    // single sign-on change names a new person each time, so that each variant adds one.
    const writes: [
      Record<string, unknown>,
      string,
      (n: number) => [string, object],
      Record<string, unknown>,
    ][] = [
      [
        viewsRoute,
        "POST",
        () => ["/api/views", {}],
        { name: "Swept", shared: false, state: { status: "completed" } },
      ],
      [
        programOverrideRoute,
        "PUT",
        () => ["/api/maintenance/programs/oil_change", { task_type: "oil_change" }],
        { interval_days: 60, interval_miles: 5_000, due_soon_share: 0.1 },
      ],
      [
        staffAccessRoute,
        "PUT",
        () => [`/api/admin/staff/${swept}`, { email: swept }],
        { role: "viewer", locations: [mine[0]] },
      ],
      [
        staffDisabledRoute,
        "PUT",
        () => [`/api/admin/staff/${swept}/disabled`, { email: swept }],
        { disabled: false },
      ],
      [
        singleSignOnRoute,
        "PUT",
        (n) => [
          `/api/admin/staff/swept.${n}@company.example/single-sign-on`,
          { email: `swept.${n}@company.example` },
        ],
        { role: "viewer", locations: "all", name: "Swept" },
      ],
      [
        visibleExportRoute,
        "POST",
        () => ["/api/export/visible", {}],
        { ids: [tasks[0]!.id], columns: ["id", "location"], zone: "location" },
      ],
    ];
    const spoilt: unknown[] = ["\u0000", "a\ud800", "x".repeat(100_000), null, {}, [], 1e308, -1, true];
    const raw = ["", "not json", "[]", "null", "1", '{"a":', `${"[".repeat(5_000)}${"]".repeat(5_000)}`];
    let asked = 0;
    for (const [route, method, target, body] of writes) {
      const variants = [
        ...raw,
        ...Object.keys(body).flatMap((key) =>
          spoilt.map((value) => JSON.stringify({ ...body, [key]: value })),
        ),
        JSON.stringify({ ...body, unknown: 1 }),
      ];
      for (const variant of variants) {
        const [path, params] = target(asked);
        const answer = await routeSend(rig.mirrored, route, method, path, {
          cookie: rig.cookie,
          params,
          body: variant,
          headers: { "content-type": "application/json" },
        });
        asked++;
        expect(
          answer.status,
          `${method} ${path} ${variant.slice(0, 80)}: ${answer.text.slice(0, 300)}`,
        ).toBeLessThan(500);
      }
    }
    expect(asked).toBeGreaterThan(150);
  });

  it("answers hostile values in every documented query parameter without a 5xx, for a viewer and an admin", async () => {
    const routes: [Record<string, unknown>, string][] = [
      [tasksRoute, "/api/tasks"],
      [summaryRoute, "/api/tasks/summary"],
      [exportRoute, "/api/export"],
      [locationsRoute, "/api/locations"],
      [dueRoute, "/api/maintenance/due"],
      [dueSummaryRoute, "/api/maintenance/summary"],
      [dueExportRoute, "/api/maintenance/due/export"],
      [complianceRoute, "/api/maintenance/compliance"],
      [vehiclesRoute, "/api/vehicles"],
      [viewsRoute, "/api/views"],
      [auditRoute, "/api/admin/audit"],
      [auditExportRoute, "/api/admin/audit/export"],
      [staffRoute, "/api/admin/staff"],
    ];
    let asked = 0;
    for (const [route, path] of routes) {
      for (const name of [...documentedQueryParameters(path), "unknown"]) {
        for (const value of HOSTILE_VALUES) {
          for (const cookie of [viewer, rig.cookie]) {
            const url = `${path}?${window}&${name}=${value}`;
            const answer = await get(rig.mirrored, route, url, cookie);
            asked++;
            expect(answer.status, `${url}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
            if (answer.status >= 400)
              expect((answer.json() as { error: { code: string } }).error.code, url).toMatch(/^[a-z_]+$/);
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(500);
    // And in the paths' own ids, which Next hands to a route decoded.
    for (const id of ["\u0000", "a\u0000b", "\ud800", "\u{1F697}", "x".repeat(4_000), "../admin"]) {
      for (const [route, path, params] of [
        [taskRoute, "/api/tasks", { id }],
        [vehicleRoute, "/api/vehicles", { vehicle_id: id }],
      ] as const) {
        for (const cookie of [viewer, rig.cookie]) {
          const answer = await get(
            rig.mirrored,
            route,
            `${path}/${encodeURIComponent(id.toWellFormed())}`,
            cookie,
            params,
          );
          expect(answer.status, `${path}/${JSON.stringify(id)}: ${answer.text.slice(0, 300)}`).toBeLessThan(
            500,
          );
        }
      }
    }
  });

  describe("a viewer of two locations, without the mirror", () => {
    it("sees their locations, and a list naming another costs no upstream call", async () => {
      const locations = await get(rig.live, locationsRoute, "/api/locations", viewer);
      expect((locations.json() as { data: { id: string }[] }).data.map((location) => location.id)).toEqual(
        mine,
      );

      const calls = await upstreamCalls(rig.live);
      const elsewhere = await get(
        rig.live,
        tasksRoute,
        `/api/tasks?${window}&location_id=${others[0]}`,
        viewer,
      );
      expect(elsewhere.status).toBe(200);
      expect((elsewhere.json() as TaskPage).data).toEqual([]);
      const csv = await get(rig.live, exportRoute, `/api/export?${window}&location_id=${others[0]}`, viewer);
      expect(csv.text.trim().split("\n")).toHaveLength(1);
      expect(await upstreamCalls(rig.live)).toBe(calls);
    });

    it("asks for one of their locations at a time, and gets only its tasks", async () => {
      const unnamed = await get(rig.live, tasksRoute, `/api/tasks?${window}`, viewer);
      expect(unnamed.status).toBe(400);
      expect((unnamed.json() as { error: { code: string } }).error.code).toBe("invalid_request");
      const named = await get(
        rig.live,
        tasksRoute,
        `/api/tasks?${window}&location_id=${mine[0]}&limit=100`,
        viewer,
      );
      const rows = (named.json() as TaskPage).data;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((task) => task.location.id === mine[0])).toBe(true);

      const theirs = tasks.find((task) => !isMine(task.location.id))!;
      expect(
        (await get(rig.live, taskRoute, `/api/tasks/${theirs.id}`, viewer, { id: theirs.id })).status,
      ).toBe(404);
    });
  });

  describe("staff, managed by an admin of every location", () => {
    const list = (cookie: string) => get(rig.mirrored, staffRoute, "/api/admin/staff", cookie);
    const setAccess = (cookie: string, email: string, body: unknown, headers: Record<string, string> = {}) =>
      routeSend(rig.mirrored, staffAccessRoute, "PUT", `/api/admin/staff/${encodeURIComponent(email)}`, {
        cookie,
        params: { email },
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      });

    it("is refused to a viewer, and to changes from another site or of one's own access", async () => {
      expect((await list(viewer)).status).toBe(403);
      expect((await setAccess(viewer, VIEWER, { role: "admin", locations: "all" })).status).toBe(403);
      const crossSite = await setAccess(
        rig.cookie,
        VIEWER,
        { role: "admin", locations: "all" },
        {
          "sec-fetch-site": "cross-site",
        },
      );
      expect(crossSite.status).toBe(403);
      expect(
        (await setAccess(rig.cookie, "staff@company.example", { role: "viewer", locations: [] })).status,
      ).toBe(400);
      for (const bad of [
        { role: "owner", locations: "all" },
        { role: "viewer" },
        { role: "viewer", locations: "x", extra: 1 },
        // Not location ids: nothing the service names so, and a NUL or a lone surrogate no record holds.
        { role: "viewer", locations: ["\u0000"] },
        { role: "viewer", locations: ["\ud800"] },
        { role: "viewer", locations: ["Main Street"] },
      ]) {
        expect((await setAccess(rig.cookie, VIEWER, bad)).status, JSON.stringify(bad)).toBe(400);
      }
      expect(
        (await setAccess(rig.cookie, "nobody@company.example", { role: "viewer", locations: [] })).status,
      ).toBe(404);
    });

    it("lists a single sign-on member only under a name and locations the trail and the page can hold", async () => {
      const person = "sso.person@company.example";
      const setSingleSignOn = (body: unknown) =>
        routeSend(
          rig.mirrored,
          singleSignOnRoute,
          "PUT",
          `/api/admin/staff/${encodeURIComponent(person)}/single-sign-on`,
          {
            cookie: rig.cookie,
            params: { email: person },
            body: JSON.stringify(body),
            headers: { "content-type": "application/json" },
          },
        );
      for (const bad of [
        { role: "viewer", locations: "all", name: "Ro\u0000bin" },
        { role: "viewer", locations: "all", name: "Ro\ud800bin" },
        { role: "viewer", locations: "all", name: "Ro\nbin" },
        { role: "viewer", locations: ["\u0000"] },
      ]) {
        const answer = await setSingleSignOn(bad);
        expect(answer.status, `${JSON.stringify(bad)}: ${answer.text}`).toBe(400);
      }
      expect((await list(rig.cookie)).text).not.toContain(person);
      const listed = await setSingleSignOn({ role: "viewer", locations: [mine[0]], name: "Robin Ø" });
      expect(listed.status, listed.text).toBe(200);
      expect(JSON.parse(listed.text)).toMatchObject({ email: person, name: "Robin Ø" });
    });

    it("changes a member's locations from their next request, recorded in the audit trail", async () => {
      const before = (await list(rig.cookie)).json() as {
        data: { email: string; role: string; locations: unknown }[];
      };
      expect(before.data.find((member) => member.email === VIEWER)).toMatchObject({
        role: "viewer",
        locations: mine,
      });

      const changed = await setAccess(rig.cookie, VIEWER, { role: "viewer", locations: [mine[1]] });
      expect(changed.status, changed.text).toBe(200);
      const locations = await get(rig.mirrored, locationsRoute, "/api/locations", viewer);
      expect((locations.json() as { data: { id: string }[] }).data.map((location) => location.id)).toEqual([
        mine[1],
      ]);

      const workspace = await rig.mirrored.workspace();
      const [record] = await workspace.query<{
        actor: string;
        details: { email: string; before: unknown; after: unknown };
      }>(
        "SELECT actor, details FROM workspace_audit WHERE action = 'staff_access_changed' ORDER BY id DESC LIMIT 1",
      );
      expect(record).toEqual({
        actor: "staff@company.example",
        details: {
          email: VIEWER,
          before: { role: "viewer", locations: mine, disabled: false },
          after: { role: "viewer", locations: [mine[1]], disabled: false },
        },
      });
    });
  });
  describe("disabling a member on the Staff page", () => {
    const setDisabled = (
      cookie: string,
      email: string,
      body: unknown,
      headers: Record<string, string> = {},
    ) =>
      routeSend(
        rig.mirrored,
        staffDisabledRoute,
        "PUT",
        `/api/admin/staff/${encodeURIComponent(email)}/disabled`,
        {
          cookie,
          params: { email },
          body: JSON.stringify(body),
          headers: { "content-type": "application/json", ...headers },
        },
      );
    const locationsOf = (cookie: string) => get(rig.mirrored, locationsRoute, "/api/locations", cookie);
    const records = async (since: number) =>
      (await rig.mirrored.workspace()).query<{ actor: string; action: string; details: unknown }>(
        "SELECT actor, action, details FROM workspace_audit WHERE id > $1 AND action IN ('staff_access_changed', 'sessions_ended') ORDER BY id",
        [since],
      );

    it("is refused to a viewer, from another site, of oneself, with a bad body, and for nobody", async () => {
      expect((await setDisabled(viewer, VIEWER, { disabled: true })).status).toBe(403);
      const crossSite = await setDisabled(
        rig.cookie,
        VIEWER,
        { disabled: true },
        { "sec-fetch-site": "cross-site" },
      );
      expect(crossSite.status).toBe(403);
      expect((await setDisabled(rig.cookie, "staff@company.example", { disabled: true })).status).toBe(400);
      for (const bad of [{}, { disabled: "yes" }, { disabled: true, extra: 1 }, "true"])
        expect((await setDisabled(rig.cookie, VIEWER, bad)).status, JSON.stringify(bad)).toBe(400);
      expect((await setDisabled(rig.cookie, "nobody@company.example", { disabled: true })).status).toBe(404);
      expect((await locationsOf(viewer)).status, "nothing was disabled").toBe(200);
    });

    it("ends the member's sessions at once, recorded first; enabled again, only a new sign-in counts", async () => {
      const [last] = await (
        await rig.mirrored.workspace()
      ).query<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM workspace_audit");
      const since = Number(last!.id);
      const staffList = async () =>
        (
          JSON.parse((await get(rig.mirrored, staffRoute, "/api/admin/staff", rig.cookie)).text) as {
            data: { email: string; role: string; locations: unknown; disabled: boolean }[];
          }
        ).data.find((member) => member.email === VIEWER)!;
      const { role, locations } = await staffList();
      const disabled = await setDisabled(rig.cookie, VIEWER, { disabled: true });
      expect(disabled.status, disabled.text).toBe(200);
      expect(JSON.parse(disabled.text)).toMatchObject({ email: VIEWER, disabled: true, role: "viewer" });
      expect((await locationsOf(viewer)).status).toBe(401);
      // Asked again, nothing changes and nothing more is recorded.
      expect((await setDisabled(rig.cookie, VIEWER, { disabled: true })).status).toBe(200);
      expect((await staffList()).disabled).toBe(true);

      const enabled = await setDisabled(rig.cookie, VIEWER, { disabled: false });
      expect(JSON.parse(enabled.text)).toMatchObject({ email: VIEWER, disabled: false });
      expect((await locationsOf(viewer)).status, "a session from before the disable").toBe(401);
      viewer = await rig.cookieFor(VIEWER);
      expect((await locationsOf(viewer)).status, "a sign-in after it").toBe(200);

      const access = { role, locations };
      expect(await records(since)).toEqual([
        {
          actor: "staff@company.example",
          action: "staff_access_changed",
          details: {
            email: VIEWER,
            before: { ...access, disabled: false },
            after: { ...access, disabled: true },
          },
        },
        {
          actor: "staff@company.example",
          action: "sessions_ended",
          details: { email: VIEWER, how: "disabled" },
        },
        {
          actor: "staff@company.example",
          action: "staff_access_changed",
          details: {
            email: VIEWER,
            before: { ...access, disabled: true },
            after: { ...access, disabled: false },
          },
        },
      ]);
    });
  });
  describe("saved views", () => {
    interface View {
      id: string;
      mine: boolean;
      deletable: boolean;
      state: Record<string, string>;
      hidden_location_count: number;
    }
    const send = (
      method: string,
      route: Record<string, unknown>,
      path: string,
      cookie: string,
      body?: unknown,
    ) =>
      routeSend(rig.mirrored, route, method, path, {
        cookie,
        params: { id: path.split("/")[3] },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        headers: body === undefined ? {} : { "content-type": "application/json" },
      });
    const views = async (cookie: string) => {
      const answer = await get(rig.mirrored, viewsRoute, "/api/views", cookie);
      expect(answer.status, answer.text).toBe(200);
      return answer.json() as { data: View[]; start_view_id: string | null };
    };
    const code = (answer: { text: string }) =>
      (JSON.parse(answer.text) as { error: { code: string } }).error.code;

    it("a shared view opens for a viewer without the locations they may not see, and only its owner changes it", async () => {
      // The viewer's own locations were narrowed to mine[1] by the staff test above, or are both.
      const state = {
        location_id: `${mine[1]},${others[0]}`,
        status: "completed",
        tz: "utc",
        cols: "started_at,mva",
      };
      const saved = await send("POST", viewsRoute, "/api/views", rig.cookie, {
        name: "Two branches",
        shared: true,
        state,
      });
      expect(saved.status, saved.text).toBe(201);
      const { id } = JSON.parse(saved.text) as View;

      const seen = (await views(viewer)).data.find((view) => view.id === id)!;
      expect(seen).toMatchObject({ mine: false, deletable: false, hidden_location_count: 1 });
      expect(seen.state).toEqual({ ...state, location_id: mine[1] });
      expect(JSON.stringify(seen)).not.toContain(others[0]);
      const asOwner = (await views(rig.cookie)).data.find((view) => view.id === id)!;
      expect(asOwner).toMatchObject({ mine: true, deletable: true, hidden_location_count: 0, state });

      expect(
        (await send("PATCH", viewRoute, `/api/views/${id}`, viewer, { name: "Taken over" })).status,
      ).toBe(403);
      expect((await send("DELETE", viewRoute, `/api/views/${id}`, viewer)).status).toBe(403);
      expect((await send("PUT", startViewRoute, "/api/views/start", viewer, { view_id: id })).status).toBe(
        200,
      );
      expect((await views(viewer)).start_view_id).toBe(id);

      const unshared = await send("PATCH", viewRoute, `/api/views/${id}`, rig.cookie, { shared: false });
      expect(unshared.status, unshared.text).toBe(200);
      expect((await views(viewer)).data.some((view) => view.id === id)).toBe(false);
      expect((await views(viewer)).start_view_id).toBeNull();
      expect((await send("DELETE", viewRoute, `/api/views/${id}`, viewer)).status).toBe(404);

      const records = await get(
        rig.mirrored,
        auditRoute,
        "/api/admin/audit?action=view_created,view_shared,view_unshared,view_deleted",
        rig.cookie,
      );
      expect(
        (records.json() as { data: { action: string; details: { view_id: string } }[] }).data
          .filter((record) => record.details.view_id === id)
          .map((record) => record.action),
      ).toEqual(["view_unshared", "view_created"]);
      expect((await send("DELETE", viewRoute, `/api/views/${id}`, rig.cookie)).status).toBe(204);
    });

    it("a shared view naming only locations its reader may not see shows them none, rather than all of theirs", async () => {
      const saved = await send("POST", viewsRoute, "/api/views", rig.cookie, {
        name: `Elsewhere ${Date.now()}`,
        shared: true,
        state: {
          location_id: others.slice(0, 2).join(","),
          status: "completed",
          // What names those locations' tasks: their vehicles and the owner's search text.
          mva: "BOS1042,BOS1077",
          vehicle_id: "veh_bos_31",
          q: "brake recall",
        },
      });
      expect(saved.status, saved.text).toBe(201);
      const { id } = JSON.parse(saved.text) as View;
      const seen = (await views(viewer)).data.find((view) => view.id === id)!;
      expect(seen).toMatchObject({
        hidden_location_count: 2,
        state: { location_id: "", status: "completed" },
      });
      expect(Object.keys(seen.state).sort()).toEqual(["location_id", "status"]);
      // Its owner, who sees every location, still reads the view as saved.
      const own = (await views(rig.cookie)).data.find((view) => view.id === id)!;
      expect(own.state).toMatchObject({
        mva: "BOS1042,BOS1077",
        vehicle_id: "veh_bos_31",
        q: "brake recall",
      });
      expect((await send("DELETE", viewRoute, `/api/views/${id}`, rig.cookie)).status).toBe(204);
    });

    it("refuses bad input with the documented 400, never a 5xx", async () => {
      const post = (
        body: unknown,
        headers: Record<string, string> = { "content-type": "application/json" },
      ) =>
        routeSend(rig.mirrored, viewsRoute, "POST", "/api/views", {
          cookie: viewer,
          body: typeof body === "string" ? body : JSON.stringify(body),
          headers,
        });
      const name = `Mine ${Date.now()}`;
      expect((await post({ name, state: { range: "today" } })).status).toBe(201);
      for (const bad of [
        { name, state: {} },
        { name: name.toUpperCase(), state: {} },
        { name: "", state: {} },
        { name: "x".repeat(81), state: {} },
        { name: "x", state: { colour: "red" } },
        { name: "x", state: { location_id: "a b" } },
        { name: "x", state: { sort: "colour" } },
        { name: "x", state: {}, owner: "someone@company.example" },
        // A lone surrogate: JSON carries it, the workspace's database cannot store it.
        { name: "\ud800", state: {} },
        { name: "x", state: { q: "a\udc00" } },
        { name: "x", state: { task_type: "\ud800 oil" } },
        { name: "x" },
        [],
        "{",
      ]) {
        const answer = await post(bad);
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(code(answer)).toBe("invalid_request");
      }
      expect((await post({ name: "x", state: {} }, { "content-type": "text/plain" })).status).toBe(400);
      const crossSite = await post(
        { name: "x", state: {} },
        { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      );
      expect(crossSite.status).toBe(403);
      expect((await send("PATCH", viewRoute, "/api/views/nope", viewer, { name: "x" })).status).toBe(404);
      expect((await send("PATCH", viewRoute, `/api/views/${crypto.randomUUID()}`, viewer, {})).status).toBe(
        400,
      );
      expect(
        (await send("PUT", startViewRoute, "/api/views/start", viewer, { view_id: "nope" })).status,
      ).toBe(404);
      expect((await send("DELETE", startViewRoute, "/api/views/start", viewer)).status).toBe(204);
      expect((await get(rig.mirrored, viewsRoute, "/api/views?mine=1", viewer)).status).toBe(400);
    });

    it("wait for a workspace whose database does not answer (503 workspace_unavailable), and fail on any other fault", async () => {
      const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
        code: "ECONNREFUSED",
      });
      const away = { ...rig.mirrored, workspace: () => Promise.reject(refused) };
      const body = { name: "Away", state: {} };
      for (const answer of [
        await get(away, viewsRoute, "/api/views", viewer),
        await routeSend(away, viewsRoute, "POST", "/api/views", {
          cookie: viewer,
          body: JSON.stringify(body),
          headers: { "content-type": "application/json" },
        }),
        await routeSend(away, startViewRoute, "DELETE", "/api/views/start", { cookie: viewer }),
      ]) {
        expect(answer.status, answer.text).toBe(503);
        expect(code(answer)).toBe("workspace_unavailable");
      }
      // The trail lives in the same database: its pages and its export wait as well, under its own code.
      for (const answer of [
        await get(away, auditRoute, "/api/admin/audit", rig.cookie),
        await get(away, auditExportRoute, "/api/admin/audit/export", rig.cookie),
      ]) {
        expect(answer.status, answer.text).toBe(503);
        expect(code(answer)).toBe("audit_unavailable");
      }
      const broken = {
        ...rig.mirrored,
        workspace: () => Promise.reject(new Error("a migration this dashboard cannot read")),
      };
      const fault = await routeSend(broken, viewsRoute, "POST", "/api/views", {
        cookie: viewer,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      expect(fault.status, fault.text).toBe(500);
    });
  });

  describe("the audit trail", () => {
    interface AuditPage {
      data: { id: number; actor: string; action: string; details: Record<string, unknown> }[];
      next_cursor: string | null;
    }
    const trail = async (query: string, cookie = rig.cookie) => {
      const answer = await get(rig.mirrored, auditRoute, `/api/admin/audit?${query}`, cookie);
      expect(answer.status, answer.text).toBe(200);
      return answer.json() as AuditPage;
    };

    it("holds the viewer's exports and every request refused by location, for an admin of every location", async () => {
      expect((await get(rig.mirrored, auditRoute, "/api/admin/audit", viewer)).status).toBe(403);
      const refused = await trail(`action=access_refused&actor=${encodeURIComponent(VIEWER)}&limit=500`);
      const kinds = new Set(refused.data.map((record) => record.details.what));
      expect(kinds).toEqual(new Set(["task", "vehicle", "locations"]));
      expect(
        refused.data.some((record) =>
          (record.details.location_ids as string[] | undefined)?.includes(others[0]!),
        ),
      ).toBe(true);
      const exports = await trail(`action=export&actor=${encodeURIComponent(VIEWER)}&limit=500`);
      expect(new Set(exports.data.map((record) => record.details.what))).toEqual(new Set(["tasks", "due"]));
      expect(exports.data.every((record) => ["csv", "xlsx"].includes(record.details.format as string))).toBe(
        true,
      );
    });

    it("finds a command line's records by the user named in them, capitals and all", async () => {
      const workspace = await rig.mirrored.workspace();
      await workspace.query(
        "INSERT INTO workspace_audit (actor, action, details) VALUES ($1, 'staff_access_changed', '{}'::jsonb)",
        ["command line (JSmith)"],
      );
      const found = await trail(`actor=${encodeURIComponent("command line (JSmith)")}`);
      expect(found.data.map((record) => record.actor)).toEqual(["command line (JSmith)"]);
      // An email is found whatever its case.
      const byEmail = await trail(`action=export&actor=${encodeURIComponent(VIEWER.toUpperCase())}&limit=1`);
      expect(byEmail.data).toHaveLength(1);
    });

    it("pages newest first, and a cursor of other filters is refused", async () => {
      const first = await trail("limit=2");
      expect(first.data).toHaveLength(2);
      expect(first.data[0]!.id).toBeGreaterThan(first.data[1]!.id);
      const second = await trail(`limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
      expect(second.data[0]!.id).toBeLessThan(first.data[1]!.id);
      const crossed = await get(
        rig.mirrored,
        auditRoute,
        `/api/admin/audit?action=export&cursor=${encodeURIComponent(first.next_cursor!)}`,
        rig.cookie,
      );
      expect(crossed.status).toBe(400);
      for (const bad of ["action=delete", "from=yesterday", "limit=0", "actor=", "actor=a%00b"]) {
        expect((await get(rig.mirrored, auditRoute, `/api/admin/audit?${bad}`, rig.cookie)).status, bad).toBe(
          400,
        );
      }
    });

    it("exports as CSV, itself recorded, and an export the trail cannot record is refused", async () => {
      const csv = await get(
        rig.mirrored,
        auditExportRoute,
        "/api/admin/audit/export?action=staff_access_changed",
        rig.cookie,
      );
      expect(csv.status).toBe(200);
      const lines = csv.text.trim().split("\n");
      expect(lines[0]).toContain("id,at,actor,action,details");
      expect(lines).toHaveLength(1 + (await trail("action=staff_access_changed")).data.length);
      const [recorded] = (await trail("action=export&limit=1")).data;
      expect(recorded!.details).toMatchObject({ what: "audit", format: "csv" });

      const trailDown = {
        ...rig.mirrored,
        workspace: () => Promise.reject(new Error("the workspace is away")),
      };
      const refused = await get(trailDown, exportRoute, `/api/export?${window}`, viewer);
      expect(refused.status).toBe(503);
      expect((refused.json() as { error: { code: string } }).error.code).toBe("audit_unavailable");
    });
  });
});

describe("on PostgreSQL, read through a second instance", () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let second: Awaited<ReturnType<typeof readingInstance>> | undefined;
  beforeAll(async () => {
    database = await scratchDatabase(inject("postgresUrl"), "api_scope");
    await openRig(database.url);
    second = await readingInstance(rig, database.url);
    reader = second.instance;
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await rig?.close();
    await database?.drop();
  });

  mirrorScopeChecks();
});
