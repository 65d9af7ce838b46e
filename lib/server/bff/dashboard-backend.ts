import "server-only";
import { DashboardCursorCodec } from "../dashboard-cursor";
import type { UpstreamPage } from "./page-slicer";
import { dashboardEnv, type DashboardEnv } from "../env";
import { createDashboardLogger, dashboardLogger, type DashboardLogger } from "../log";
import {
  systemClock,
  grantHoldMs,
  MemoryRateLog,
  RedisRateLog,
  RedisTokenStore,
  MemoryTokenStore,
  TokenManager,
  fetchServiceToken,
  tokenCacheKey,
  UpstreamBudget,
  VtsClient,
  type Location,
  type Task,
} from "../upstream";
import { connectSharedRedis } from "../shared-redis";
import { DashboardMetrics } from "./dashboard-metrics";
import { FreshnessCache } from "./freshness-cache";
import { recordTiming } from "./request-timing";
import { startMirror, type Mirror } from "../mirror";
import { keepAuditFor, openWorkspaceDb, type WorkspaceDb } from "../workspace";

// Everything the dashboard's server keeps between requests: one token, one budget, the caches.
// One instance per process, kept on globalThis so development reloads do not start over (and
// do not fetch a second token).

export interface DashboardBackend {
  env: DashboardEnv;
  client: VtsClient;
  tokens: TokenManager;
  budget: UpstreamBudget;
  metrics: DashboardMetrics;
  cursors: DashboardCursorCodec;
  locations: FreshnessCache<{ data: Location[] }>;
  taskPages: FreshnessCache<UpstreamPage<Task>>;
  tasks: FreshnessCache<{ task: Task | undefined }>;
  /** The task mirror; undefined with MIRROR=off, or when it could not be opened (logged). */
  mirror: Mirror | undefined;
  /**
   * The workspace's database (what staff create), opened at its first use; a failure to open is
   * that request's error, and the next use tries again.
   */
  workspace(): Promise<WorkspaceDb>;
  /** Stops the mirror's sync and closes its database, the workspace's and the Redis connection (shutdown, tests). */
  close(): Promise<void>;
}

/** Exported for tests, which build backends with their own settings; the app uses dashboardBackend(). */
export async function createBackend(
  env: DashboardEnv,
  options: {
    logger?: DashboardLogger | undefined;
    /**
     * Open the mirror and sync it (when MIRROR is not off). The app's backend does; a test asks
     * for it, so tests of the proxy path spend no budget on a sync they do not look at.
     */
    mirror?: boolean | undefined;
  } = {},
): Promise<DashboardBackend> {
  const log = options.logger ?? createDashboardLogger(env.LOG_LEVEL);
  const logError = (what: string) => (error: unknown) =>
    log.warn({ err: error }, `${what} unavailable; using this instance's memory`);
  const redis = env.REDIS_URL ? await connectSharedRedis(env.REDIS_URL) : undefined;
  const ratePeriodMs = env.VTS_RATE_LIMIT_WINDOW_SECONDS * 1_000;
  const taskFreshMs = env.TASK_CACHE_FRESH_SECONDS * 1_000;
  const rateLog = redis
    ? new RedisRateLog(redis, `dashboard:budget:${env.VTS_CLIENT_ID}`, {
        periodMs: grantHoldMs(ratePeriodMs),
        onError: logError("shared budget"),
      })
    : new MemoryRateLog(systemClock, grantHoldMs(ratePeriodMs));
  const budget = new UpstreamBudget({
    rateLog,
    ratePeriodMs,
    syncShare: env.MIRROR_BUDGET_SHARE,
  });
  const tokens = new TokenManager({
    fetchToken: async (signal) => {
      const started = performance.now();
      try {
        return await fetchServiceToken({
          baseUrl: env.VTS_BASE_URL,
          clientId: env.VTS_CLIENT_ID,
          clientSecret: env.VTS_CLIENT_SECRET,
          scope: env.VTS_SCOPE,
          signal,
        });
      } finally {
        recordTiming("upstream", performance.now() - started);
      }
    },
    cacheKey: tokenCacheKey({ baseUrl: env.VTS_BASE_URL, clientId: env.VTS_CLIENT_ID, scope: env.VTS_SCOPE }),
    store: redis
      ? new RedisTokenStore(redis, "dashboard:", {
          onError: logError("shared token"),
          onOfferError: (error) =>
            log.debug({ err: error }, "shared token not offered; keeping this instance's"),
        })
      : new MemoryTokenStore(),
    onConvergeError: (error) =>
      log.debug({ err: error }, "service token not compared with the shared one; keeping this instance's"),
    onRefreshError: (error) =>
      log.warn(
        { reason: error.reason, retry_after_ms: error.retryAfterMs },
        "service token not renewed ahead of its end; the current one serves on, and renewal is tried again",
      ),
    onRefused: (refusal) => {
      // The closure runs on a request, after `metrics` below exists.
      metrics.countTokenRefusal(refusal.oauthError);
      log.warn(
        {
          oauth_error: refusal.oauthError,
          status: refusal.status,
          remembered_for_ms: refusal.rememberedForMs,
        },
        "service token request refused; answering from memory until it is asked again (check the client id, secret and scope)",
      );
    },
  });
  const metrics = new DashboardMetrics(tokens, budget);
  const client = new VtsClient({
    baseUrl: env.VTS_BASE_URL,
    tokens,
    budget,
    timeoutMs: env.VTS_TIMEOUT_MS,
    onCall: ({ status }) => metrics.upstreamCalls.inc({ status: String(status) }),
    onBudgetWait: (priority, waitedMs) => metrics.queueWait.observe({ priority }, waitedMs / 1000),
    onTiming: recordTiming,
  });
  const mirror =
    options.mirror && env.MIRROR === "on"
      ? await startMirror(env, client, (error) => log.warn({ err: error }, "mirror sync failed; retrying"), {
          debug: (message, error) => log.debug(error === undefined ? {} : { err: error }, message),
          info: (message) => log.info(message),
          warn: (message) => log.warn(message),
        }).catch((error: unknown) => {
          log.error({ err: error }, "mirror unavailable; every request is answered live");
          return undefined;
        })
      : undefined;
  let workspace: Promise<WorkspaceDb> | undefined;
  let retention: { stop(): void } | undefined;
  const openWorkspace = () => {
    if (workspace) return workspace;
    const opening = openWorkspaceDb({
      databaseUrl: env.DASHBOARD_DATABASE_URL,
      dataDir: env.WORKSPACE_DATA_DIR,
    }).then((db) => {
      const keepDays = env.AUDIT_RETENTION_DAYS;
      retention ??=
        keepDays === undefined
          ? undefined
          : keepAuditFor(db, keepDays, {
              pruned: (count) => log.info({ count, keepDays }, "audit records past their retention deleted"),
              failed: (error) =>
                log.warn({ err: error }, "audit records past their retention not deleted yet"),
            });
      return db;
    });
    workspace = opening;
    // The request that asked hears of the failure; the next use opens anew.
    void opening.catch(() => {
      if (workspace === opening) workspace = undefined;
    });
    return opening;
  };
  return {
    env,
    client,
    mirror,
    workspace: openWorkspace,
    tokens,
    budget,
    metrics,
    cursors: new DashboardCursorCodec(env.AUTH_SECRET),
    locations: new FreshnessCache({
      maxEntries: 1,
      freshMs: 5 * 60_000,
      staleMs: 24 * 3_600_000,
      refreshInBackground: true,
      onBackgroundError: (error) =>
        log.debug(
          { err: error },
          "locations not refreshed; serving those held until a request refreshes them",
        ),
    }),
    taskPages: new FreshnessCache({
      maxEntries: 2_000,
      freshMs: taskFreshMs,
      staleMs: 30 * 60_000,
      refreshInBackground: false,
    }),
    async close() {
      retention?.stop();
      await mirror?.close();
      // A workspace that failed to open has nothing to close.
      await workspace?.then(
        (db) => db.close(),
        () => undefined,
      );
      redis?.disconnect();
    },
    tasks: new FreshnessCache({
      maxEntries: 5_000,
      freshMs: taskFreshMs,
      staleMs: 30 * 60_000,
      refreshInBackground: false,
    }),
  };
}

const holder = globalThis as typeof globalThis & { __dashboardBackend?: Promise<DashboardBackend> };

export function dashboardBackend(): Promise<DashboardBackend> {
  holder.__dashboardBackend ??= createBackend(dashboardEnv(), { logger: dashboardLogger(), mirror: true });
  return holder.__dashboardBackend;
}

// The backend (token, budget, the task mirror's sync) starts at the first health check, which the
// dashboard's own server sends as soon as it listens (scripts/serve-dashboard.ts), and a load
// balancer soon after: a fresh deployment fills its mirror before anyone opens a page. It starts
// from a route handler, not from instrumentation.ts: Next bundles instrumentation apart from the
// routes, and a backend made by another copy of the modules fails the routes' instanceof checks
// (a spent budget answered 500 instead of 503).

let reported = false;
/** The backend once it has started, for the health check, which never waits for it. */
let started: DashboardBackend | undefined;
/** Whether the latest start failed (a setting missing or wrong, most often). */
let failed = false;

/**
 * Never holds up the health answer, and never fails it: a backend that cannot start is logged once.
 * Returns what is wrong now: the last start failed (every API request then fails, and the log says
 * why), or the started backend's problems (nothing while it starts).
 */
export function warmUpBackend(): string[] {
  Promise.resolve()
    .then(dashboardBackend)
    .then((backend) => {
      started = backend;
      failed = false;
    })
    .catch((error: unknown) => {
      failed = true;
      if (reported) return;
      reported = true;
      dashboardLogger().error({ err: error }, "dashboard backend did not start; API requests will say why");
    });
  if (failed) return ["backend_not_started"];
  return started?.mirror?.problems() ?? [];
}
