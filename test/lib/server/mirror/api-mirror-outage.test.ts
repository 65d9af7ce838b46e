// The mirror's PostgreSQL goes away (restarted, or a network fault) under a running dashboard: a
// plain list is answered live, what only the mirror answers is 503 mirror_not_ready with
// Retry-After, never a 500, and the mirror answers again by itself once the server is back.
import { afterAll, beforeAll, expect, it } from "vitest";
import * as summaryRoute from "@/app/api/tasks/summary/route";
import * as tasksRoute from "@/app/api/tasks/route";
import * as vehicleRoute from "@/app/api/vehicles/[vehicle_id]/route";
import { startLocalPostgres, createDatabase, type LocalPostgres } from "@/harness/local-postgres";
import { routeAnswer, startApiRig, type ApiRig } from "./api-support";
import { eventually } from "./sync-support";

const DAY_MS = 86_400_000;
let server: LocalPostgres;
let rig: ApiRig;

beforeAll(async () => {
  // A server of its own: the test stops it.
  server = await startLocalPostgres();
  rig = await startApiRig(20, 5, { VTS_SEED_TASKS: "1000" }, await createDatabase(server.url, "outage"));
  await rig.syncAll();
}, 180_000);

afterAll(async () => {
  await rig?.close();
  server?.stop();
});

const window = () => {
  const to = rig.horizon.to - 6 * DAY_MS;
  return `from=${new Date(to - 3 * DAY_MS).toISOString()}&to=${new Date(to).toISOString()}`;
};
const answer = (route: Parameters<typeof routeAnswer>[1], path: string, params?: Record<string, string>) =>
  routeAnswer(rig.mirrored, route, path, rig.cookie, params);

it("answers a plain list live and the rest 503 with Retry-After while the database is away, then recovers", async () => {
  const before = await answer(tasksRoute, `/api/tasks?${window()}`);
  const listed = JSON.parse(before.text) as { source: string; data: { vehicle_id: string }[] };
  expect(listed.source).toBe("mirror");
  const vehicleId = listed.data[0]!.vehicle_id;

  server.halt();
  try {
    const plain = await answer(tasksRoute, `/api/tasks?${window()}`);
    expect(plain.status).toBe(200);
    expect((JSON.parse(plain.text) as { source: string }).source).toBe("live");
    for (const [route, path, params] of [
      [tasksRoute, `/api/tasks?${window()}&status=completed`, undefined],
      [summaryRoute, `/api/tasks/summary?${window()}`, undefined],
      [vehicleRoute, `/api/vehicles/${vehicleId}`, { vehicle_id: vehicleId }],
    ] as const) {
      const refused = await answer(route, path, params);
      expect(refused.status, path).toBe(503);
      expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "mirror_not_ready" } });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  } finally {
    server.resume();
  }
  await eventually(async () => {
    const again = await answer(tasksRoute, `/api/tasks?${window()}&status=completed`);
    return again.status === 200 && (JSON.parse(again.text) as { source: string }).source === "mirror";
  }, 30_000);
});
