// The dashboard's route handlers in a test, on a backend whose mirror the test controls: the real
// service in-process, a backend with its budget and client, and a mirror whose slices exist but
// sync only when the test starts the syncer (so "before the sync" is a state, not a race).
import { randomUUID } from "node:crypto";
import { afterAll, inject, vi } from "vitest";
import { scratchDatabase } from "@/harness/local-postgres";
import { dashboardContract } from "@/contract/conformance/documents";
import { createBackend, type DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";
import { openMirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { soleLeadership } from "@/lib/server/mirror/sync/leader";
import { alignSlices, horizonAt, type Horizon } from "@/lib/server/mirror/sync/slices";
import { syncSource } from "@/lib/server/mirror/sync/source";
import { mirrorOf, type Mirror } from "@/lib/server/mirror/sync/start-mirror";
import { MirrorSyncer } from "@/lib/server/mirror/sync/syncer";
import {
  fixtureSecret,
  startTestServiceOnPostgres,
  type TestService,
} from "@/task-service/test/support/test-service";
import { SESSION_COOKIE, sessionCookieValue, stubDashboardEnv } from "../../support/session-cookie";
import { dayKeepingClock, eventually, FILL_POLL_MS, TEST_HEAT } from "./sync-support";

const AUTH_SECRET = "mirror-api-test-secret-".padEnd(40, "x");

export interface ApiRig {
  service: TestService;
  horizon: Horizon;
  /** The mirror off: every answer is live. */
  live: DashboardBackend;
  /** The same backend with the mirror. */
  mirrored: DashboardBackend & { mirror: Mirror };
  /** The admin of every location that `cookie` signs in. */
  cookie: string;
  /** A session cookie for another member of staff (whom the test lists in the staff file). */
  cookieFor(email: string): Promise<string>;
  /** Syncs every slice of the horizon, then stops the syncer (no sync call after). */
  syncAll(): Promise<void>;
  close(): Promise<void>;
}

// The dashboard's settings are read once per file (these files each have a module graph of their
// own), so a later rig's staff file stub goes unread and every rig of a file signs in through the
// first one's: the files go when the test file ends, not when a rig closes.
const staffFileRemovals: (() => void)[] = [];
afterAll(() => {
  for (const remove of staffFileRemovals.splice(0)) remove();
});

/**
 * The workspace (what staff create) on a database of its own on the run's PostgreSQL: these files
 * test the routes, and the workspace's store has tests of its own on both engines. An embedded one
 * in a folder cost each rig about 1.5 s of file opens as PGlite laid out its files.
 */
function workspaceDatabase() {
  return scratchDatabase(inject("postgresUrl"), "api_workspace");
}

/** `databaseUrl`: the mirror on that PostgreSQL instead of PGlite in memory. */
export async function startApiRig(
  daysBack: number,
  daysAhead: number,
  serviceEnv: Record<string, string>,
  databaseUrl?: string,
) {
  staffFileRemovals.push(stubDashboardEnv(AUTH_SECRET).removeStaffFile);
  vi.stubEnv("LOG_LEVEL", "silent");
  const service = await startTestServiceOnPostgres(serviceEnv);
  const workspace = await workspaceDatabase();
  const baseUrl = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const live = await createBackend(
    parseDashboardEnv({
      VTS_BASE_URL: baseUrl,
      VTS_CLIENT_ID: "sandbox-full",
      VTS_CLIENT_SECRET: fixtureSecret("sandbox-full"),
      AUTH_SECRET,
      LOG_LEVEL: "silent",
      MIRROR_DAYS_BACK: String(daysBack),
      MIRROR_DAYS_AHEAD: String(daysAhead),
      DASHBOARD_DATABASE_URL: workspace.url,
    }),
  );
  const db = await openMirrorDb({ databaseUrl, dataDir: undefined });
  // The syncer aligns the slices to its clock's day at every step: on the real clock a sync under
  // way at 00:00 UTC moved them a day on, and the tests compared the mirror with a walk of the
  // day before's `horizon`. On a clock that keeps this day, the slices stay these until the rig
  // closes. (Reading the horizon back from the mirror after the sync would follow such a move, but
  // one after the sync's last check and before its stop leaves a new day's slice unsynced.)
  const clock = dayKeepingClock();
  const horizon = horizonAt(clock.now(), daysBack, daysAhead);
  await alignSlices(db, horizon);
  const syncer = new MirrorSyncer({
    db,
    source: syncSource(live.client),
    leadership: soleLeadership,
    instance: "api-test",
    daysBack,
    daysAhead,
    heat: TEST_HEAT,
    idleMs: 100,
    retryMs: 200,
    clock,
  });
  const mirror = mirrorOf(db, syncer);
  const cookieFor = async (email: string) =>
    `${SESSION_COOKIE}=${await sessionCookieValue({ email, sid: randomUUID() }, { secret: AUTH_SECRET })}`;
  const cookie = await cookieFor("staff@company.example");
  return {
    service,
    horizon,
    live,
    mirrored: { ...live, mirror },
    cookie,
    cookieFor,
    async syncAll() {
      syncer.start();
      await eventually(
        async () => {
          const { windows } = await mirror.status();
          return windows.total > 0 && windows.synced === windows.total;
        },
        90_000,
        FILL_POLL_MS,
      );
      await syncer.stop();
    },
    async close() {
      await mirror.close();
      await live.close();
      await service.close();
      await workspace.drop();
    },
  } satisfies ApiRig;
}

type Handler = (request: Request, route: { params: Promise<object> }) => Promise<Response>;

const holder = globalThis as typeof globalThis & { __dashboardBackend?: Promise<DashboardBackend> };

/** The route's answer on this backend, held to contract/dashboard/openapi.yaml. */
export interface RouteAnswer {
  status: number;
  headers: Headers;
  text: string;
  bytes: Buffer;
}

export function routeAnswer(
  backend: DashboardBackend,
  route: Record<string, unknown>,
  path: string,
  cookie: string,
  params: object = {},
): Promise<RouteAnswer> {
  return routeSend(backend, route, "GET", path, { cookie, params });
}

/** The same for any method, with a body and headers of the caller's. */
export async function routeSend(
  backend: DashboardBackend,
  route: Record<string, unknown>,
  method: string,
  path: string,
  options: { cookie: string; params?: object; body?: string; headers?: Record<string, string> },
): Promise<RouteAnswer> {
  // The route handlers take their backend from dashboardBackend(), which keeps it here.
  holder.__dashboardBackend = Promise.resolve(backend);
  const handler = route[method] as Handler;
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { cookie: options.cookie, ...options.headers },
    body: options.body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  // Kept as bytes too: a workbook is binary, which text would not keep.
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  dashboardContract.assertMatches({
    method,
    url: path,
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: text,
  });
  return { status: response.status, headers: response.headers, text, bytes };
}

/** Upstream calls the backend made so far (the metric every call counts in). */
export async function upstreamCalls(backend: DashboardBackend): Promise<number> {
  const metric = await backend.metrics.upstreamCalls.get();
  return metric.values.reduce((sum, value) => sum + value.value, 0);
}

/**
 * A second dashboard instance on the rig's PostgreSQL mirror, as another process sharing
 * DASHBOARD_DATABASE_URL would be: it reads what the rig's syncer wrote and never syncs itself (its
 * syncer is not started: the rig's holds the lead). A workspace of its own.
 */
export async function readingInstance(rig: ApiRig, databaseUrl: string) {
  const workspace = await workspaceDatabase();
  const backend = await createBackend({ ...rig.live.env, DASHBOARD_DATABASE_URL: workspace.url });
  const db = await openMirrorDb({ databaseUrl, dataDir: undefined });
  const syncer = new MirrorSyncer({
    db,
    source: syncSource(backend.client),
    leadership: soleLeadership,
    instance: "api-test-reader",
    daysBack: rig.live.env.MIRROR_DAYS_BACK,
    daysAhead: rig.live.env.MIRROR_DAYS_AHEAD,
    heat: TEST_HEAT,
    idleMs: 100,
    retryMs: 200,
    clock: dayKeepingClock(),
  });
  const mirror = mirrorOf(db, syncer);
  return {
    instance: { ...backend, mirror },
    async close() {
      await mirror.close();
      await backend.close();
      await workspace.drop();
    },
  };
}
