// The real service in-process, listening on a port, and a dashboard backend (token, budget,
// VtsClient) pointed at it: what the mirror's sync tests walk against.
import {
  startTestServiceOnPostgres,
  fixtureSecret,
  type TestService,
} from "@/task-service/test/support/test-service";
import { createBackend, type DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";
import type { MirrorExecutor } from "@/lib/server/mirror/store/mirror-db";
import { DAY_MS } from "@/contract/query/day";
import { DEFAULT_HEAT, type HeatSettings } from "@/lib/server/mirror/sync/plan";
import { systemClock, type Clock } from "@/lib/server/upstream/clock";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { TASK_COLUMNS, taskOfRow, type TaskRow } from "@/lib/server/mirror/read/mirror-sql";

export interface SyncRig {
  service: TestService;
  baseUrl: string;
  backend: DashboardBackend;
  close(): Promise<void>;
}

/** How often a test looks whether a fill is done: each look counts every row held, on the store the fill writes. */
export const FILL_POLL_MS = 250;

/** Heat for tests: the same shape as production, with periods a test can wait for. */
export const TEST_HEAT: HeatSettings = { ...DEFAULT_HEAT, hotRefreshMs: 500 };

/**
 * A syncer's clock that keeps the UTC day it was made on: each syncer step aligns the slices to
 * its clock's day (syncer.ts), so on the real clock a test that crossed 00:00 UTC saw the horizon
 * move a day on under it. Made before noon UTC, this one is the real time; made later, it runs as
 * far behind as it takes to read noon when made. Either way it keeps its day for twelve hours at
 * least, longer than any test, and never runs ahead of the real time: a slice's as_of (an
 * answer's x-data-fetched-at) is never in the future.
 */
export function dayKeepingClock(): Clock {
  const offset = Math.max(0, (Date.now() % DAY_MS) - DAY_MS / 2);
  return { now: () => Date.now() - offset, sleep: (ms, signal) => systemClock.sleep(ms, signal) };
}

/** A dashboard's settings for the test service at `baseUrl`, as its sandbox client, logging nothing. */
export function dashboardSettings(baseUrl: string): Record<string, string> {
  return {
    VTS_BASE_URL: baseUrl,
    VTS_CLIENT_ID: "sandbox-full",
    VTS_CLIENT_SECRET: fixtureSecret("sandbox-full"),
    AUTH_SECRET: "x".repeat(40),
    LOG_LEVEL: "silent",
  };
}

export async function startSyncRig(
  serviceEnv: Record<string, string> = {},
  dashboardEnv: Record<string, string> = {},
): Promise<SyncRig> {
  const service = await startTestServiceOnPostgres(serviceEnv);
  const baseUrl = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const backend = await createBackend(parseDashboardEnv({ ...dashboardSettings(baseUrl), ...dashboardEnv }));
  return {
    service,
    baseUrl,
    backend,
    async close() {
      await backend.close();
      await service.close();
    },
  };
}

const tokens = new WeakMap<TestService, string>();

/** Every task the service has in [from, to), walked directly as the specification says. */
export async function directWalk(service: TestService, from: number, to: number): Promise<Task[]> {
  // One token per service: its token endpoint limits how often a client may ask.
  let token = tokens.get(service);
  if (!token) tokens.set(service, (token = await service.token()));
  const tasks: Task[] = [];
  for (let start = from; start < to; start += 90 * DAY_MS) {
    const end = Math.min(to, start + 90 * DAY_MS);
    let cursor: string | undefined;
    do {
      const params = new URLSearchParams({ from: iso(start), to: iso(end), limit: "500", order: "asc" });
      if (cursor) params.set("cursor", cursor);
      const response = await service.request({
        method: "GET",
        url: `/v1/tasks?${params.toString()}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const page = response.json<{ data: Task[]; next_cursor: string | null }>();
      tasks.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }
  return tasks;
}

/** The mirror's tasks in the service's order and wire shape (field order as the service sends). */
export async function mirroredTasks(db: MirrorExecutor, from?: number, to?: number): Promise<Task[]> {
  const rows = await db.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM mirror_tasks t WHERE started_at >= $1 AND started_at < $2 ORDER BY started_at, id`,
    [iso(from ?? 0), iso(to ?? Date.UTC(9999, 0))],
  );
  return rows.map(taskOfRow);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export { eventually } from "@/harness/eventually";
