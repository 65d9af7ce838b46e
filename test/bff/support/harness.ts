// What the BFF integration tests share: the real Vehicle Task Service as a process, dashboard
// backends built the way the app builds its one backend, the route handlers' code paths without
// the Auth.js wrapper, and the service's /metrics read the way an operator reads them.
import { inject } from "vitest";
import { checkedFetch } from "@/contract/conformance/checked-fetch";
import { serviceContract } from "@/contract/conformance/documents";
import { DashboardError } from "@/lib/server/dashboard-error";
import type { SlicedPage } from "@/lib/server/bff/page-slicer";
import { parseTaskListParams, type TaskListParams } from "@/lib/server/bff/task-list-params";
import { asDashboardError } from "@/lib/server/bff/upstream-failure";
import { createBackend, type DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readDashboardTaskPage } from "@/lib/server/bff/task-data";
import { parseDashboardEnv } from "@/lib/server/env";
import type { DashboardLogger } from "@/lib/server/log/dashboard-logger";
import type { BudgetPriority } from "@/lib/server/upstream/budget/thresholds";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { scratchDatabase } from "@/harness/local-postgres";
import { clientToken, SANDBOX_CLIENTS, type SandboxClient } from "@/harness/sandbox-clients";
import { startServiceProcess, type ServiceProcess } from "@/harness/service-process";
import { scrape, total } from "./prometheus";
import { FULL_ACCESS } from "@/lib/server/staff";

export const DAY_MS = 86_400_000;

/** The sandbox's documented clients the dashboard may be configured with. */
export const CLIENTS = SANDBOX_CLIENTS;
export type Client = SandboxClient;

// ---------------------------------------------------------------------------------------------
// The service

export interface Vts {
  readonly service: ServiceProcess;
  readonly url: string;
  readonly port: number;
  /** Its store, for a test that changes it behind the service's back (as an operator's SQL would). */
  readonly databaseUrl: string;
  /** Stops the process (the store stays). */
  stop(): Promise<void>;
  /** Starts it again on the same port and store, optionally with changed settings. */
  start(extraEnv?: Record<string, string>): Promise<void>;
  /** Stops the process and drops its database (not one the caller passed as DATABASE_URL). */
  dispose(): Promise<void>;
}

/**
 * The real service as an operator runs it, on a database of its own on the run's PostgreSQL
 * (quicker to start and restart than a PGlite data dir). Small data unless the caller asks for more.
 */
export async function startVts(env: Record<string, string>): Promise<Vts> {
  const database = env.DATABASE_URL ? undefined : await scratchDatabase(inject("postgresUrl"), "bff");
  const base = {
    VTS_SEED_TASKS: "2000",
    VTS_LOG_LEVEL: "warn",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  let service: ServiceProcess;
  try {
    service = await startServiceProcess(base);
  } catch (error) {
    await database?.drop();
    throw error;
  }
  const port = service.port;
  return {
    get service() {
      return service;
    },
    url: service.url,
    port,
    databaseUrl: base.DATABASE_URL!,
    async stop() {
      await service.stop();
    },
    async start(extraEnv = {}) {
      if (!service.hasExited()) throw new Error("the service is still running");
      service = await startServiceProcess({ ...base, ...extraEnv, VTS_PORT: String(port) });
    },
    async dispose() {
      await service.stop();
      await database?.drop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboard backend

export interface BackendOptions {
  client?: Client;
  redisUrl?: string;
  timeoutMs?: number;
  logger?: DashboardLogger;
}

/** A backend exactly as the app's dashboardBackend() builds one, from the documented settings. */
export function makeBackend(baseUrl: string, options: BackendOptions = {}): Promise<DashboardBackend> {
  const client = options.client ?? CLIENTS.full;
  return createBackend(
    parseDashboardEnv({
      VTS_BASE_URL: baseUrl,
      VTS_CLIENT_ID: client.id,
      VTS_CLIENT_SECRET: client.secret,
      AUTH_SECRET: "x".repeat(40),
      REDIS_URL: options.redisUrl,
      VTS_TIMEOUT_MS: options.timeoutMs === undefined ? undefined : String(options.timeoutMs),
    }),
    { logger: options.logger },
  );
}

/** Closes a backend's Redis connection, so a stopped Redis leaves no reconnect loop behind. */
export function closeBackend(backend: DashboardBackend): Promise<void> {
  return backend.close();
}

// ---------------------------------------------------------------------------------------------
// GET /api/tasks without the session wrapper

/** The query string of GET /api/tasks, parsed by the route's own parser. */
export function taskListParams(backend: DashboardBackend, query: Record<string, string | number>) {
  const url = new URL("http://dashboard.test/api/tasks");
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return parseTaskListParams(url, backend.env.VTS_MAX_WINDOW_DAYS, FULL_ACCESS);
}

/** What app/api/tasks/route.ts does between the session check and Response.json: the same function. */
export function dashboardTaskPage(
  backend: DashboardBackend,
  params: TaskListParams,
  priority: BudgetPriority = "interactive",
  signal?: AbortSignal,
): Promise<SlicedPage<Task>> {
  return readDashboardTaskPage(backend, params, priority, signal);
}

export type Outcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** What dashboardRoute would answer with; undefined means a 500 internal_error. */
      error: DashboardError | undefined;
      raw: unknown;
    };

/** Settles like dashboardRoute: a value, or the documented error the handler's throw maps to. */
export async function settle<T>(work: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work };
  } catch (raw) {
    return { ok: false, error: asDashboardError(raw), raw };
  }
}

export function describeOutcome(outcome: Outcome<unknown>): string {
  if (outcome.ok) return "ok";
  if (outcome.error) return `${outcome.error.code} (${outcome.error.status})`;
  const raw = outcome.raw;
  return `unmapped ${raw instanceof Error ? `${raw.name}: ${raw.message}` : String(raw)}`;
}

export { DashboardError };

// ---------------------------------------------------------------------------------------------
// The service's /metrics

/** The counters an operator watches, summed the way a dashboard panel would. */
export async function serviceCounters(baseUrl: string, clientId: string = CLIENTS.full.id) {
  const samples = await scrape(baseUrl);
  const requests = (where: (labels: Record<string, string>) => boolean) =>
    total(samples, "vts_http_requests_total", where);
  const isV1 = (labels: Record<string, string>) => labels.route?.startsWith("/v1") === true;
  return {
    /** Every /v1 request the service answered, whoever it was counted against. */
    v1: requests(isV1),
    v1ForClient: requests((l) => isV1(l) && l.client === clientId),
    v1TasksForClient: requests((l) => l.route === "/v1/tasks" && l.client === clientId),
    v1Ok: requests((l) => isV1(l) && l.status === "200"),
    /** 429s labelled with the client, as the brief's dashboard panel reads them. */
    v1RateLimitedForClient: requests((l) => isV1(l) && l.status === "429" && l.client === clientId),
    /** Every /v1 429, whatever client label it carries. */
    v1RateLimited: requests((l) => isV1(l) && l.status === "429"),
    v1Unauthorized: requests((l) => isV1(l) && l.status === "401"),
    tokensIssued: total(samples, "vts_token_requests_total", (l) => l.outcome === "issued"),
    tokenRequests: total(samples, "vts_token_requests_total"),
  };
}

export type Counters = Awaited<ReturnType<typeof serviceCounters>>;

export function delta(after: Counters, before: Counters): Counters {
  const result = { ...after };
  for (const key of Object.keys(result) as (keyof Counters)[]) result[key] = after[key] - before[key];
  return result;
}

/** The dashboard's own counter of upstream /v1 calls (dashboard_upstream_calls_total). */
export async function dashboardUpstreamCalls(backend: DashboardBackend, status?: string): Promise<number> {
  const metric = await backend.metrics.upstreamCalls.get();
  return metric.values
    .filter((value) => status === undefined || value.labels.status === status)
    .reduce((sum, value) => sum + value.value, 0);
}

// ---------------------------------------------------------------------------------------------
// Time

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Lets a test jump Date.now forward (cache ages, budget windows and token lifetimes all read it)
 * while it keeps running at real speed. Install BEFORE createBackend: FreshnessCache keeps the
 * Date.now function it was given at construction.
 */
export function installShiftableClock() {
  const original = Date.now;
  let offset = 0;
  Date.now = () => original.call(Date) + offset;
  return {
    advance(ms: number) {
      offset += ms;
    },
    restore() {
      Date.now = original;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Data

/** Whole minutes, so every caller building "the same" filters builds byte-identical ones. */
export function isoMinutesFromNow(ms: number, now = Date.now()): string {
  return new Date(Math.floor((now + ms) / 60_000) * 60_000).toISOString();
}

/** A small deterministic PRNG (mulberry32), so a failing mix of requests can be replayed. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** Every matching task straight from the service, with a client of its own (its own budget). */
export async function allTasksDirect(
  baseUrl: string,
  filters: Record<string, string>,
  client: Client = CLIENTS.tasks,
): Promise<Task[]> {
  const access_token = await clientToken(baseUrl, client);
  const tasks: Task[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...filters, limit: "500", ...(cursor ? { cursor } : {}) });
    const response = await checkedFetch(serviceContract, `${baseUrl}/v1/tasks?${params.toString()}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    if (response.status !== 200) throw new Error(`/v1/tasks: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { data: Task[]; next_cursor: string | null };
    tasks.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return tasks;
}
