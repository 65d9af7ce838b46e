// /api/tasks with the mirror on a real PostgreSQL (DASHBOARD_DATABASE_URL), as bench:bff --only
// idle times it: every page of random filter, list, sort and q combinations, walked by cursor,
// equals the same selection computed in TypeScript over the horizon's tasks; outside the horizon,
// and with a cursor the mirror cannot read, the answer is the one PGlite's mirror gives.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as tasksRoute from "@/app/api/tasks/route";
import { parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { scratchDatabase } from "@/harness/local-postgres";
import { routeAnswer, startApiRig, type ApiRig } from "./api-support";
import { referenceSelection } from "./support/reference-selection";
import { walksMatch } from "./support/walk-tasks-api";
import { directWalk } from "./sync-support";
import { FULL_ACCESS } from "@/lib/server/staff";

const DAY_MS = 86_400_000;
const WALKS = 30;
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let rig: ApiRig;
let horizonTasks: Task[];

const tasksAnswer = (query: string) =>
  routeAnswer(rig.mirrored, tasksRoute, `/api/tasks?${query}`, rig.cookie);

beforeAll(async () => {
  // A database of its own on the run's PostgreSQL server (global-setup.ts).
  database = await scratchDatabase(inject("postgresUrl"), "api_tasks_postgres");
  rig = await startApiRig(120, 20, { VTS_SEED_TASKS: "3000" }, database.url);
  expect(rig.mirrored.mirror.db.kind).toBe("postgres");
  await rig.syncAll();
  horizonTasks = await directWalk(rig.service, rig.horizon.from, rig.horizon.to);
}, 180_000);

afterAll(async () => {
  await rig?.close();
  await database?.drop();
});

describe("the mirror on PostgreSQL", () => {
  it("holds the horizon's tasks", () => {
    expect(horizonTasks.length).toBeGreaterThan(1_000);
  });

  it("/api/tasks equals the reference selection for random combinations, page by page", async () => {
    await walksMatch({
      tasks: horizonTasks,
      horizon: rig.horizon,
      runs: WALKS,
      tasksAnswer,
      expectedIds: (params) => {
        const url = new URL(`http://localhost/api/tasks?${params.toString()}`);
        const parsed = parseMirrorTaskParams(url, {
          maxWindowDays: 92,
          access: FULL_ACCESS,
          cursors: rig.live.cursors,
        });
        if (!parsed.ok) throw parsed.error;
        return referenceSelection(horizonTasks, parsed.value).map((task) => task.id);
      },
    });
  }, 300_000);

  it("outside the horizon the live path answers; a cursor of neither kind is 400", async () => {
    const from = new Date(rig.horizon.from - 20 * DAY_MS).toISOString();
    const to = new Date(rig.horizon.from - 19 * DAY_MS).toISOString();
    const outside = await tasksAnswer(new URLSearchParams({ from, to, limit: "5" }).toString());
    expect(outside.status).toBe(200);
    expect(JSON.parse(outside.text)).toMatchObject({ source: "live", total: null });
    const inside = new URLSearchParams({
      from: new Date(rig.horizon.to - 10 * DAY_MS).toISOString(),
      to: new Date(rig.horizon.to - 9 * DAY_MS).toISOString(),
      cursor: "not-a-cursor",
    });
    const refused = await tasksAnswer(inside.toString());
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "invalid_request" } });
  });
});
