import "server-only";
import { DashboardCursorCodec } from "../api/dashboard-cursor";
import { dashboardEnv, type DashboardEnv } from "../env";
import { createRequestWindow } from "../upstream/request-window-factory";
import { connectTokenStore } from "./token-store-connection";
import { TokenManager } from "../upstream/token-manager";
import { fetchServiceToken } from "../upstream/token-endpoint";
import { tokenCacheKey } from "../upstream/token-store";
import { UpstreamBudget } from "../upstream/upstream-budget";
import { VtsClient } from "../upstream/vts-client";
import type { Location, Task } from "../upstream/vts-schemas";
import type { UpstreamPage } from "../api/page-slicer";
import { DashboardMetrics } from "./dashboard-metrics";
import { FreshnessCache } from "./freshness-cache";

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
}

/** Exported for tests, which build backends with their own settings; the app uses dashboardBackend(). */
export function createBackend(env: DashboardEnv): DashboardBackend {
  const logError = (what: string) => (error: unknown) =>
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: `${what} unavailable; using this instance's memory`,
        err: String(error),
      }),
    );
  const window = createRequestWindow({
    redisUrl: env.REDIS_URL,
    key: `dashboard:budget:${env.VTS_CLIENT_ID}`,
    onError: logError("shared budget"),
  });
  const budget = new UpstreamBudget({ window: window.window });
  const tokens = new TokenManager({
    fetchToken: (signal) =>
      fetchServiceToken({
        baseUrl: env.VTS_BASE_URL,
        clientId: env.VTS_CLIENT_ID,
        clientSecret: env.VTS_CLIENT_SECRET,
        scope: env.VTS_SCOPE,
        signal,
      }),
    cacheKey: tokenCacheKey({ baseUrl: env.VTS_BASE_URL, clientId: env.VTS_CLIENT_ID, scope: env.VTS_SCOPE }),
    store: connectTokenStore(env.REDIS_URL, logError("shared token")),
  });
  const metrics = new DashboardMetrics(tokens, budget);
  const client = new VtsClient({
    baseUrl: env.VTS_BASE_URL,
    tokens,
    budget,
    timeoutMs: env.VTS_TIMEOUT_MS,
    onCall: ({ status }) => metrics.upstreamCalls.inc({ status: String(status) }),
  });
  return {
    env,
    client,
    tokens,
    budget,
    metrics,
    cursors: new DashboardCursorCodec(env.AUTH_SECRET),
    locations: new FreshnessCache({
      maxEntries: 1,
      freshMs: 5 * 60_000,
      staleMs: 24 * 3_600_000,
      refreshInBackground: true,
    }),
    taskPages: new FreshnessCache({
      maxEntries: 2_000,
      freshMs: 30_000,
      staleMs: 30 * 60_000,
      refreshInBackground: false,
    }),
    tasks: new FreshnessCache({
      maxEntries: 5_000,
      freshMs: 30_000,
      staleMs: 30 * 60_000,
      refreshInBackground: false,
    }),
  };
}

const holder = globalThis as typeof globalThis & { __dashboardBackend?: DashboardBackend };

export function dashboardBackend(): DashboardBackend {
  holder.__dashboardBackend ??= createBackend(dashboardEnv());
  return holder.__dashboardBackend;
}
