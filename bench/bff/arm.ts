// One arm of the benchmark: every simulated person against one dashboard server (the BFF or the
// pass-through) for the same time, with the service's counters read before and after.
import { setMaxListeners } from "node:events";
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { parsePrometheus, scrape, total } from "../../test/bff/support/prometheus";
import { HttpClient } from "../service/http-client";
import { MirrorWatch } from "./mirror-watch";
import type { Tap } from "./proxies";
import type { ArmObservations, DashboardCounters } from "./results";
import { SimulatedPerson, type Sample } from "./simulated-staff";
import { StaffScript, type Catalog } from "./workload";

export interface ArmOptions {
  name: string;
  baseUrl: string;
  /** One signed-in session per person. */
  cookies: readonly string[];
  catalog: Catalog;
  seed: number;
  seconds: number;
  serviceUrl: string;
  /** Read before the arm's server started: a pass-through fetches its token as it starts. */
  before: ServiceCounters;
  tap: Tap;
  signal: AbortSignal;
  log: (line: string) => void;
  /** A trivial route of the same server, timed alongside: its cost under the same load. */
  floorPath: string;
  /** The BFF's /api/metrics and its bearer token, read at the start and the end. */
  dashboardMetrics?: { url: string; token: string };
  /** The dashboard's task mirror, sampled through the arm with this session. */
  mirror?: { cookie: string };
  /** Only the tap's records from the arm's start: the mirror's fill went through the same tap. */
  recordsFromStart?: boolean;
}

export type ServiceCounters = Awaited<ReturnType<typeof serviceCounters>>;

/** The service's own totals: every /v1 answer, its 429s, and token requests of any outcome. */
export async function serviceCounters(serviceUrl: string) {
  const samples = await scrape(serviceUrl);
  const v1 = (labels: Record<string, string>) => labels.route?.startsWith("/v1") === true;
  return {
    v1: total(samples, "vts_http_requests_total", v1),
    v1RateLimited: total(samples, "vts_http_requests_total", (l) => v1(l) && l.status === "429"),
    tokenRequests: total(samples, "vts_token_requests_total"),
  };
}

/**
 * The dashboard's own counts: token fetches, and budget grants by priority. Each grant is followed
 * by exactly one call to the service (vts-client.ts), and the mirror's sync asks as "sync", so the
 * grants tell the sync's calls from people's.
 */
async function dashboardCounters(metrics: { url: string; token: string }): Promise<DashboardCounters> {
  const response = await fetch(metrics.url, { headers: { authorization: `Bearer ${metrics.token}` } });
  if (response.status !== 200) throw new Error(`${metrics.url} answered ${response.status}`);
  const samples = parsePrometheus(await response.text());
  const grants = (sync: boolean) =>
    total(samples, "dashboard_budget_wait_seconds_count", (labels) => (labels.priority === "sync") === sync);
  return {
    tokenFetches: total(samples, "dashboard_token_fetches"),
    peopleGrants: grants(false),
    syncGrants: grants(true),
  };
}

const minus = (after: DashboardCounters, before: DashboardCounters): DashboardCounters => ({
  tokenFetches: after.tokenFetches - before.tokenFetches,
  peopleGrants: after.peopleGrants - before.peopleGrants,
  syncGrants: after.syncGrants - before.syncGrants,
});

const FLOOR_EVERY_MS = 250;

/** Times `path` every FLOOR_EVERY_MS until `endAt`, one request at a time. */
async function timeFloor(baseUrl: string, path: string, endAt: number, signal: AbortSignal) {
  const http = new HttpClient(baseUrl);
  const times: number[] = [];
  try {
    while (Date.now() < endAt && !signal.aborted) {
      const started = process.hrtime.bigint();
      const response = await http.get(path).catch(() => undefined);
      if (response?.status === 200) times.push(Number(process.hrtime.bigint() - started) / 1e6);
      await sleep(FLOOR_EVERY_MS, undefined, { signal }).catch(() => {});
    }
  } finally {
    http.close();
  }
  return times;
}

export async function runArm(options: ArmOptions): Promise<ArmObservations> {
  const { before } = options;
  // Every person's think time listens to the same stop signal.
  setMaxListeners(options.cookies.length + 10, options.signal);
  const counted = options.dashboardMetrics && (await dashboardCounters(options.dashboardMetrics));
  const startedAt = Date.now();
  const samples: Sample[] = [];
  const endAt = Date.now() + options.seconds * 1000;
  const people = options.cookies.map(
    (cookie, person) =>
      new SimulatedPerson(
        options.baseUrl,
        cookie,
        new StaffScript(options.seed, person, options.catalog),
        (sample) => samples.push(sample),
      ),
  );
  const load: number[] = [];
  const sampleLoad = setInterval(() => load.push(loadavg()[0] ?? 0), 5_000);
  const progress = setInterval(() => {
    const left = Math.max(0, Math.round((endAt - Date.now()) / 1000));
    const failed = samples.filter((s) => s.status !== 200).length;
    options.log(`  ${options.name}: ${samples.length} requests, ${failed} not 200, ${left} s left`);
  }, 30_000);
  const watch = options.mirror && new MirrorWatch(options.baseUrl, options.mirror.cookie);
  let floor: number[];
  let mirrorSamples: Awaited<ReturnType<MirrorWatch["sample"]>> | undefined;
  try {
    [floor, mirrorSamples] = await Promise.all([
      timeFloor(options.baseUrl, options.floorPath, endAt, options.signal),
      watch?.sample(endAt, options.signal),
      ...people.map((person) => person.run(endAt, options.signal)),
    ]);
  } finally {
    clearInterval(progress);
    clearInterval(sampleLoad);
    watch?.close();
  }
  // The service counts a request once it has answered; the last answers are a moment behind.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await serviceCounters(options.serviceUrl);
  const records = await options.tap.records();
  return {
    name: options.name,
    samples,
    floor,
    load,
    records: options.recordsFromStart ? records.filter((record) => record.at >= startedAt) : records,
    service: {
      v1: after.v1 - before.v1,
      v1RateLimited: after.v1RateLimited - before.v1RateLimited,
      tokenRequests: after.tokenRequests - before.tokenRequests,
    },
    ...(options.dashboardMetrics && counted
      ? { dashboard: minus(await dashboardCounters(options.dashboardMetrics), counted) }
      : {}),
    ...(mirrorSamples ? { mirror: mirrorSamples } : {}),
  };
}
