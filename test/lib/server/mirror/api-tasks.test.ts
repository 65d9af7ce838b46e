// The dashboard API with the task mirror, through its route handlers, against the real service:
// refused with 503 mirror_not_ready before the sync covers a slice, then, after a real sync,
// /api/tasks equals a walk of the service's /v1/tasks for random filter, list, sort and q
// combinations (WALKS of them; FUZZ_SCALE gives more), /api/export from the mirror equals the live export with no upstream call,
// its XLSX holds the CSV's rows, and POST /api/export/visible writes the rows sent, in their order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/export/route";
import * as visibleExportRoute from "@/app/api/export/visible/route";
import * as mirrorRoute from "@/app/api/mirror/route";
import * as tasksRoute from "@/app/api/tasks/route";
import * as summaryRoute from "@/app/api/tasks/summary/route";
import * as vehicleRoute from "@/app/api/vehicles/[vehicle_id]/route";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { Rng } from "@/platform/prng";
import * as locationsRoute from "@/app/api/locations/route";
import * as taskRoute from "@/app/api/tasks/[id]/route";
import { parseCsv } from "../../../bff/support/csv";
import { routeAnswer, routeSend, startApiRig, upstreamCalls, type ApiRig } from "./api-support";
import { csvCellInSheet, xlsxRows } from "./support/xlsx-rows";
import { referenceSelection } from "./support/reference-selection";
import { walksMatch, type TaskListPage } from "./support/walk-tasks-api";
import { directWalk, eventually } from "./sync-support";
import { FULL_ACCESS } from "@/lib/server/staff";
import { statusLabel, taskTypeLabel } from "@/lib/task-format/task-labels";

const DAY_MS = 86_400_000;
const WALKS = 60;
let rig: ApiRig;
let horizonTasks: Task[];
let token: string | undefined;
const before = new Map<string, { status: number; headers: Headers; text: string }>();

const iso = (ms: number) => new Date(ms).toISOString();
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const recent = () => `from=${iso(rig.horizon.to - 40 * DAY_MS)}&to=${iso(rig.horizon.to - 10 * DAY_MS)}`;

async function tasksAnswer(backend: DashboardBackend, query: string) {
  return routeAnswer(backend, tasksRoute, `/api/tasks?${query}`, rig.cookie);
}

beforeAll(async () => {
  rig = await startApiRig(120, 20, { VTS_SEED_TASKS: "3000" });
  const window = recent();
  before.set("status", await tasksAnswer(rig.mirrored, `${window}&status=completed`));
  before.set("plain", await tasksAnswer(rig.mirrored, `${window}&limit=5`));
  before.set(
    "summary",
    await routeAnswer(rig.mirrored, summaryRoute, `/api/tasks/summary?${window}`, rig.cookie),
  );
  await rig.syncAll();
  horizonTasks = await directWalk(rig.service, rig.horizon.from, rig.horizon.to);
}, 180_000);

afterAll(async () => {
  await rig?.close();
});

describe("before the sync covers a slice", () => {
  it("a request only the mirror can answer is 503 mirror_not_ready with Retry-After and the progress", () => {
    for (const name of ["status", "summary"]) {
      const answer = before.get(name)!;
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      const { error } = JSON.parse(answer.text) as { error: { code: string; message: string } };
      expect(error.code).toBe("mirror_not_ready");
      expect(error.message).toMatch(/\d+ of \d+ windows of this range are synced/);
    }
  });

  it("any other request is answered live, without a total", () => {
    const answer = before.get("plain")!;
    expect(answer.status).toBe(200);
    const page = JSON.parse(answer.text) as TaskListPage;
    expect(page).toMatchObject({ source: "live", total: null });
    expect(page.data).toHaveLength(5);
  });
});

/** POST /api/export/visible as the page sends it (JSON unless the body is already text). */
function postVisible(body: unknown, headers: Record<string, string> = {}, query = "") {
  return routeSend(rig.mirrored, visibleExportRoute, "POST", `/api/export/visible${query}`, {
    cookie: rig.cookie,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Every task of the service for these parameters: its own filters where it has them, the rest here. */
async function serviceSelection(params: URLSearchParams): Promise<string[]> {
  // One token for all walks: the service limits how often a client may ask for one.
  token ??= await rig.service.token();
  const server = new URLSearchParams({ from: params.get("from")!, to: params.get("to")!, limit: "500" });
  for (const name of ["location_id", "task_type", "mva", "vehicle_id"]) {
    const value = params.get(name);
    if (value !== null && !value.includes(",")) server.set(name, value);
  }
  const rows: Task[] = [];
  let cursor: string | null = null;
  do {
    if (cursor) server.set("cursor", cursor);
    const response = await rig.service.request({
      method: "GET",
      url: `/v1/tasks?${server.toString()}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const page = response.json<{ data: Task[]; next_cursor: string | null }>();
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  const url = new URL(`http://localhost/api/tasks?${params.toString()}`);
  const parsed = parseMirrorTaskParams(url, {
    maxWindowDays: 92,
    access: FULL_ACCESS,
    cursors: rig.live.cursors,
  });
  if (!parsed.ok) throw parsed.error;
  return referenceSelection(rows, parsed.value).map((task) => task.id);
}

describe("after a real sync", () => {
  it("holds the horizon's tasks", () => {
    expect(horizonTasks.length).toBeGreaterThan(1_000);
  });

  it("/api/tasks equals a walk of the service's /v1/tasks for random combinations", async () => {
    await walksMatch({
      tasks: horizonTasks,
      horizon: rig.horizon,
      runs: WALKS,
      tasksAnswer: (next) => tasksAnswer(rig.mirrored, next),
      expectedIds: serviceSelection,
    });
  }, 300_000);

  it("outside the horizon the live path answers, and what needs the mirror is 400", async () => {
    const window = `from=${iso(rig.horizon.from - 30 * DAY_MS)}&to=${iso(rig.horizon.from - 20 * DAY_MS)}`;
    const live = await tasksAnswer(rig.mirrored, `${window}&limit=5`);
    expect(JSON.parse(live.text)).toMatchObject({ source: "live", total: null });
    const refused = await tasksAnswer(rig.mirrored, `${window}&sort=mva`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("horizon");
  });

  it("a list begun on the live path goes on there when the mirror has caught up; a mirror cursor elsewhere is 400", async () => {
    const window = recent();
    const mirrorPage = JSON.parse(
      (await tasksAnswer(rig.mirrored, `${window}&limit=5`)).text,
    ) as TaskListPage;
    const livePage = JSON.parse((await tasksAnswer(rig.live, `${window}&limit=5`)).text) as TaskListPage;
    expect([mirrorPage.source, livePage.source]).toEqual(["mirror", "live"]);
    const onMirror = await tasksAnswer(rig.mirrored, `${window}&limit=5&cursor=${livePage.next_cursor}`);
    const liveSecond = await tasksAnswer(rig.live, `${window}&limit=5&cursor=${livePage.next_cursor}`);
    expect(onMirror.status).toBe(200);
    expect(JSON.parse(onMirror.text)).toEqual(JSON.parse(liveSecond.text));
    const onLive = await tasksAnswer(rig.live, `${window}&limit=5&cursor=${mirrorPage.next_cursor}`);
    expect(onLive.status).toBe(400);
    expect(onLive.text).toContain("start again");
  });

  it("a request tells the sync which slices people look at, so they are walked first", async () => {
    const { db } = rig.mirrored.mirror;
    await db.query("UPDATE mirror_windows SET viewed_at = NULL");
    const [from, to] = [rig.horizon.from + 30 * DAY_MS, rig.horizon.from + 33 * DAY_MS];
    await tasksAnswer(rig.mirrored, `from=${iso(from)}&to=${iso(to)}&q=oil`);
    const viewed = async () =>
      (
        await db.query<{ starts_at: Date }>(
          "SELECT starts_at FROM mirror_windows WHERE viewed_at IS NOT NULL ORDER BY starts_at",
        )
      ).map((row) => row.starts_at.getTime());
    await eventually(async () => (await viewed()).length > 0, 5_000);
    expect(await viewed()).toEqual([from, from + DAY_MS, from + 2 * DAY_MS]);
  });

  it("a vehicle's history tells the sync the days of its tasks, not the span between them", async () => {
    const { db } = rig.mirrored.mirror;
    await db.query("UPDATE mirror_windows SET viewed_at = NULL");
    const vehicleId = horizonTasks.at(-1)!.vehicle_id;
    const days = [
      ...new Set(
        horizonTasks
          .filter((task) => task.vehicle_id === vehicleId)
          .map((task) => Math.floor(Date.parse(task.started_at) / DAY_MS) * DAY_MS),
      ),
    ].sort((a, b) => a - b);
    const answer = await routeAnswer(rig.mirrored, vehicleRoute, `/api/vehicles/${vehicleId}`, rig.cookie, {
      vehicle_id: vehicleId,
    });
    expect(answer.status).toBe(200);
    const viewed = async () =>
      (
        await db.query<{ starts_at: Date }>(
          "SELECT starts_at FROM mirror_windows WHERE viewed_at IS NOT NULL ORDER BY starts_at",
        )
      ).map((row) => row.starts_at.getTime());
    await eventually(async () => (await viewed()).length > 0, 5_000);
    expect(await viewed()).toEqual(days);
  });

  it("the request refused before the sync is answered from the mirror after it", async () => {
    const answer = await tasksAnswer(rig.mirrored, `${recent()}&status=completed`);
    expect(answer.status).toBe(200);
    const page = JSON.parse(answer.text) as TaskListPage;
    expect(page.source).toBe("mirror");
    expect(page.data.every((task) => task.status === "completed")).toBe(true);
  });

  it("sorts by several keys in mixed directions through its cursors; a bad list of keys is 400", async () => {
    const query = `${recent()}&sort=status,odometer_miles&order=desc,asc&limit=40`;
    const parsed = parseMirrorTaskParams(new URL(`http://localhost/api/tasks?${query}`), {
      maxWindowDays: 92,
      access: FULL_ACCESS,
      cursors: rig.mirrored.cursors,
    });
    if (!parsed.ok) throw parsed.error;
    const ids: string[] = [];
    for (let cursor: string | null = ""; cursor !== null;) {
      const answer = await tasksAnswer(rig.mirrored, cursor ? `${query}&cursor=${cursor}` : query);
      expect(answer.status).toBe(200);
      const page = JSON.parse(answer.text) as TaskListPage;
      expect(page.source).toBe("mirror");
      ids.push(...page.data.map((task) => task.id));
      cursor = page.next_cursor;
    }
    expect(ids.length).toBeGreaterThan(40);
    expect(ids).toEqual(referenceSelection(horizonTasks, parsed.value).map((task) => task.id));
    const refused = await tasksAnswer(rig.mirrored, `${recent()}&sort=status,status`);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({
      error: {
        code: "invalid_request",
        message:
          '"sort" must be 1 to 3 distinct keys separated by commas, each one of started_at, task_type, status, mva, vehicle_id, location, odometer_miles.',
      },
    });
  });

  it("the summary, a vehicle and the mirror's status answer from the mirror", async () => {
    const window = recent();
    const summary = await routeAnswer(rig.mirrored, summaryRoute, `/api/tasks/summary?${window}`, rig.cookie);
    expect(summary.status).toBe(200);
    const [from, to] = [rig.horizon.to - 40 * DAY_MS, rig.horizon.to - 10 * DAY_MS].map(iso);
    const inWindow = horizonTasks.filter((task) => task.started_at >= from! && task.started_at < to!);
    expect((JSON.parse(summary.text) as { total: number }).total).toBe(inWindow.length);
    const vehicleId = horizonTasks[0]!.vehicle_id;
    const vehicle = await routeAnswer(rig.mirrored, vehicleRoute, `/api/vehicles/${vehicleId}`, rig.cookie, {
      vehicle_id: vehicleId,
    });
    expect(vehicle.status).toBe(200);
    const ids = (JSON.parse(vehicle.text) as { tasks: Task[] }).tasks.map((task) => task.id);
    expect(ids).toEqual(horizonTasks.filter((task) => task.vehicle_id === vehicleId).map((task) => task.id));
    const status = await routeAnswer(rig.mirrored, mirrorRoute, "/api/mirror", rig.cookie);
    expect(JSON.parse(status.text)).toMatchObject({ enabled: true, rows: horizonTasks.length });
    expect(Date.parse(status.headers.get("x-data-fetched-at")!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("/api/export from the mirror is the live export's CSV, with no upstream call", async () => {
    const rng = new Rng(7);
    for (let run = 0; run < 4; run++) {
      const task = horizonTasks[rng.int(horizonTasks.length)]!;
      const span = (1 + rng.int(40)) * DAY_MS;
      const from = Math.max(rig.horizon.from, Date.parse(task.started_at) - rng.int(10) * DAY_MS);
      const params = new URLSearchParams({ from: iso(from), to: iso(Math.min(rig.horizon.to, from + span)) });
      if (rng.chance(0.5)) params.set("location_id", task.location.id);
      if (rng.chance(0.5)) params.set("task_type", task.task_type);
      if (rng.chance(0.5)) params.set("order", "desc");
      const path = `/api/export?${params.toString()}`;
      const live = await routeAnswer(rig.live, exportRoute, path, rig.cookie);
      const callsBefore = await upstreamCalls(rig.mirrored);
      const mirrored = await routeAnswer(rig.mirrored, exportRoute, path, rig.cookie);
      expect(await upstreamCalls(rig.mirrored)).toBe(callsBefore);
      expect(mirrored.status).toBe(200);
      expect(mirrored.headers.get("x-data-fetched-at")).not.toBeNull();
      expect(live.text.split("\r\n").length).toBeGreaterThan(1);
      expect(mirrored.text).toBe(live.text);
    }
  }, 120_000);

  it("/api/export?format=xlsx holds exactly the CSV's rows and values, typed", async () => {
    const rng = new Rng(11);
    for (let run = 0; run < 3; run++) {
      const task = horizonTasks[rng.int(horizonTasks.length)]!;
      const from = Math.max(rig.horizon.from, Date.parse(task.started_at) - rng.int(10) * DAY_MS);
      const params = new URLSearchParams({
        from: iso(from),
        to: iso(Math.min(rig.horizon.to, from + 20 * DAY_MS)),
      });
      if (rng.chance(0.5)) params.set("location_id", task.location.id);
      if (rng.chance(0.5)) params.set("status", task.status);
      if (rng.chance(0.5)) params.set("sort", "odometer_miles");
      const csv = await routeAnswer(
        rig.mirrored,
        exportRoute,
        `/api/export?${params.toString()}`,
        rig.cookie,
      );
      const xlsx = await routeAnswer(
        rig.mirrored,
        exportRoute,
        `/api/export?${params.toString()}&format=xlsx`,
        rig.cookie,
      );
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get("content-type")).toBe(XLSX);
      const named = (answer: typeof csv) =>
        answer.headers.get("content-disposition")!.replace(/_exported-.*$/, "");
      expect(named(xlsx)).toBe(named(csv));
      expect(xlsx.headers.get("content-disposition")).toMatch(/\.xlsx"$/);
      const [header = [], ...rows] = parseCsv(csv.text);
      expect(rows.length).toBeGreaterThan(0);
      const typed = rows.map((row) => row.map((cell, index) => csvCellInSheet(header[index]!, cell)));
      expect(await xlsxRows(xlsx.bytes)).toEqual([header, ...typed]);
    }
  }, 120_000);

  it("POST /api/export/visible writes the tasks sent, in their order, as the page shows them", async () => {
    const rng = new Rng(5);
    const picked = Array.from({ length: 300 }, () => horizonTasks[rng.int(horizonTasks.length)]!);
    const ids = picked.map((task) => task.id);
    // One the mirror does not hold (as a row of a window outside its horizon, read from the
    // service): refused before the answer, never a workbook short of it.
    const short = await postVisible({
      ids: [...ids.slice(0, 150), "T-NO-SUCH", ...ids.slice(150)],
      columns: ["id"],
      zone: "UTC",
    });
    expect(short.status).toBe(400);
    const refusal = JSON.parse(short.text) as { error: { code: string; message: string } };
    expect(refusal.error.code).toBe("invalid_request");
    expect(refusal.error.message).toMatch(/^1 of the rows are not in the dashboard's copy/);
    const answer = await postVisible({
      ids,
      columns: ["id", "status", "started_at", "task_type", "odometer_miles"],
      zone: "UTC",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe(XLSX);
    const [header, ...rows] = await xlsxRows(answer.bytes);
    expect(header).toEqual(["Task ID", "Status", "Started (UTC)", "Task type", "Odometer (mi)"]);
    expect(rows).toEqual(
      picked.map((task) => [
        task.id,
        statusLabel(task.status),
        new Date(task.started_at),
        taskTypeLabel(task.task_type),
        task.odometer_miles,
      ]),
    );
  });

  it("POST /api/export/visible of selected rows names them so, in the file's name and the audit trail", async () => {
    const ids = horizonTasks.slice(0, 3).map((task) => task.id);
    const exportRecords = async () =>
      (await rig.mirrored.workspace()).query<{ details: { rows: string; ids: number } }>(
        "SELECT details FROM workspace_audit WHERE action = 'export' ORDER BY id DESC LIMIT 1",
      );
    for (const rows of ["selected", "visible", undefined]) {
      const answer = await postVisible({ ids, columns: ["id"], zone: "UTC", ...(rows ? { rows } : {}) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-disposition")).toMatch(
        new RegExp(`filename="tasks_${rows ?? "visible"}_`),
      );
      const [record] = await exportRecords();
      expect(record?.details.rows).toBe(rows ?? "visible");
      expect(record?.details.ids).toBe(3);
    }
  });

  it("POST /api/export/visible refuses a bad body with 400 invalid_request, another site with 403", async () => {
    const good = { ids: [horizonTasks[0]!.id], columns: ["id"], zone: "location" };
    const bad: [string, unknown][] = [
      ["no ids", { ...good, ids: [] }],
      ["too many ids", { ...good, ids: Array.from({ length: 50_001 }, (_, index) => `T-${index}`) }],
      ["an id of another shape", { ...good, ids: ["T 1"] }],
      ["an unknown column", { ...good, columns: ["id", "price"] }],
      ["a repeated column", { ...good, columns: ["id", "id"] }],
      ["no column", { ...good, columns: [] }],
      ["an unknown zone", { ...good, zone: "Mars/Olympus" }],
      ["a zone that is not text", { ...good, zone: 3 }],
      ["an unknown field", { ...good, sort: "mva" }],
      ["rows neither visible nor selected", { ...good, rows: "all" }],
      ["no object", [good]],
    ];
    for (const [why, body] of bad) {
      const answer = await postVisible(body);
      expect(answer.status, why).toBe(400);
      expect(JSON.parse(answer.text), why).toMatchObject({ error: { code: "invalid_request" } });
    }
    const notJson = await postVisible("{ids:", { "content-type": "application/json" });
    const notJsonType = await postVisible(JSON.stringify(good), { "content-type": "text/plain" });
    const withQuery = await postVisible(good, {}, "?format=xlsx");
    for (const answer of [notJson, notJsonType, withQuery]) expect(answer.status).toBe(400);
    const crossSite = await postVisible(good, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
  });

  it("a task and the locations come from the mirror when it holds them, as the service sends them, with no upstream call", async () => {
    const task = horizonTasks[Math.floor(horizonTasks.length / 2)]!;
    const callsBefore = await upstreamCalls(rig.mirrored);
    const detail = await routeAnswer(rig.mirrored, taskRoute, `/api/tasks/${task.id}`, rig.cookie, {
      id: task.id,
    });
    const locations = await routeAnswer(rig.mirrored, locationsRoute, "/api/locations", rig.cookie);
    expect(await upstreamCalls(rig.mirrored)).toBe(callsBefore);
    expect(detail.status).toBe(200);
    expect(detail.text).toBe(JSON.stringify(task));
    expect(detail.headers.get("x-data-fetched-at")).not.toBeNull();
    const live = await routeAnswer(rig.live, locationsRoute, "/api/locations", rig.cookie);
    expect(locations.text).toBe(live.text);
    // A task the mirror does not hold (outside its horizon, or unknown) is the service's to answer.
    const unknown = await routeAnswer(rig.mirrored, taskRoute, "/api/tasks/T-NO-SUCH", rig.cookie, {
      id: "T-NO-SUCH",
    });
    expect(unknown.status).toBe(404);
    expect(await upstreamCalls(rig.mirrored)).toBe(callsBefore + 1);
  });
});
