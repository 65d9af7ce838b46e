// Turns one arm's raw observations (the people's samples, the tap's records, the service's and the
// dashboard's counters) into the figures the report compares.
import { summarize, type Summary } from "../service/latency";
import { anyAgeSeconds, hotAgeSeconds, type MirrorSample } from "./mirror-watch";
import type { Sample } from "./simulated-staff";
import { busiestServiceWindow, busiestWindow, isTokenRequest, isV1, type TapRecord } from "./upstream-tap";

export const WINDOW_MS = 60_000;

export interface ArmObservations {
  name: string;
  samples: Sample[];
  /** A trivial route of the same server, timed alongside (ms). */
  floor: number[];
  records: TapRecord[];
  /** os.loadavg()[0], every few seconds through the arm. */
  load: number[];
  /** Deltas of the service's /metrics over the arm (its own count, to check the tap's). */
  service: { v1: number; v1RateLimited: number; tokenRequests: number };
  /** Deltas of the dashboard's /api/metrics over the arm (the BFF only). */
  dashboard?: DashboardCounters;
  /** GET /api/mirror, sampled through the arm (the mirror arm only). */
  mirror?: MirrorSample[];
}

export interface DashboardCounters {
  tokenFetches: number;
  /** Budget grants, one per call to the service: people's requests, and the mirror's sync. */
  peopleGrants: number;
  syncGrants: number;
}

export interface MirrorFigures {
  /** Age of the oldest hot window's as_of at each sample (s). */
  hotAge: Summary;
  hotAgeMaxS: number;
  /** Age of the oldest window of the horizon, hot or cold, at each sample (s). */
  anyAge: Summary;
  anyAgeMaxS: number;
  /** Samples in which some window was not synced. */
  unsynced: number;
  /** The most sync calls /api/mirror counted in a minute, over the samples. */
  syncCallsPerMinuteMax: number;
  lastError: string | undefined;
}

export interface LatencyFigures {
  /** Client wall time minus the server's queue, upstream and shared waits. */
  added: Summary;
  /** The route handler's own time (Server-Timing `bff`); the BFF only. */
  handler: Summary | undefined;
  queue: Summary;
}

export interface ArmFigures {
  name: string;
  userRequests: number;
  ok: number;
  user429: number;
  user503: number;
  otherFailures: number;
  upstreamCalls: number;
  upstreamCallsByMetrics: number;
  upstream429: number;
  upstream429ByMetrics: number;
  busiestWindow: number;
  /** Where the busiest sliding window starts, in seconds after the arm's first upstream call. */
  busiestWindowAtS: number;
  busiestServiceWindow: number;
  /** The machine's 1-minute load average, sampled through the arm. */
  load: { mean: number; max: number };
  tokenRequests: number;
  tokenRequestsByMetrics: number;
  dashboardTokenFetches: number | undefined;
  /** Upstream calls by their purpose, from the dashboard's grants (undefined for the baseline). */
  peopleCalls: number | undefined;
  syncCalls: number | undefined;
  /** /v1/tasks/{id} at the tap: only a person opening a task asks for one. */
  detailCalls: number;
  rowsServed: number;
  rowsPerUpstreamCall: number;
  /** Every 200 of a page or a task, end to end as the person waited for it. */
  userWait: Summary;
  /** Every page or task asked for, whatever the answer (a 503 after a 15-s wait counts too). */
  anyWait: Summary;
  /** Pages answered 200, by `source` (mirror, live). */
  pageSources: Record<string, number>;
  mirror: MirrorFigures | undefined;
  floor: Summary;
  /** "mirror": a page the task mirror answered, which sends no cache outcome. */
  byCache: Partial<Record<Outcome, LatencyFigures>>;
  cacheCounts: Record<string, number>;
  /** 200s of pages and tasks without Server-Timing: a build from before it existed. */
  untimed: number;
}

export const OUTCOMES = ["hit", "stale", "miss", "mirror"] as const;
type Outcome = (typeof OUTCOMES)[number];

const dur = (sample: Sample, name: string) => sample.timing[name] ?? 0;

function latency(samples: Sample[]): LatencyFigures {
  const added = samples.map((s) => s.wallMs - dur(s, "queue") - dur(s, "upstream") - dur(s, "shared"));
  const handler = samples.filter((s) => s.timing.bff !== undefined).map((s) => dur(s, "bff"));
  return {
    added: summarize(added),
    handler: handler.length > 0 ? summarize(handler) : undefined,
    queue: summarize(samples.map((s) => dur(s, "queue"))),
  };
}

export function figures(arm: ArmObservations): ArmFigures {
  const { samples, records } = arm;
  const v1 = records.filter(isV1);
  const callTimes = v1.map((r) => r.at);
  const busiest = busiestWindow(callTimes, WINDOW_MS);
  const data = samples.filter((s) => s.kind !== "locations");
  const served = data.filter((s) => s.status === 200);
  const timed = served.filter((s) => s.timing.upstream !== undefined);
  const rowsServed = served.reduce((sum, s) => sum + s.rows, 0);
  // A pass-through has no cache: every answer of the baseline is a miss.
  const outcome = (s: Sample): Outcome =>
    s.source === "mirror" ? "mirror" : ((s.cache as Outcome) ?? "miss");
  const cacheCounts: Record<string, number> = {};
  for (const s of timed) cacheCounts[outcome(s)] = (cacheCounts[outcome(s)] ?? 0) + 1;
  const byCache: ArmFigures["byCache"] = {};
  for (const kind of OUTCOMES) {
    const these = timed.filter((s) => outcome(s) === kind);
    if (these.length > 0) byCache[kind] = latency(these);
  }
  return {
    name: arm.name,
    userRequests: samples.length,
    ok: samples.filter((s) => s.status === 200).length,
    user429: samples.filter((s) => s.status === 429).length,
    user503: samples.filter((s) => s.status === 503).length,
    otherFailures: samples.filter((s) => s.status !== 200 && s.status !== 429 && s.status !== 503).length,
    upstreamCalls: v1.length,
    upstreamCallsByMetrics: arm.service.v1,
    upstream429: v1.filter((r) => r.status === 429).length,
    upstream429ByMetrics: arm.service.v1RateLimited,
    busiestWindow: busiest.count,
    busiestWindowAtS: (busiest.from - Math.min(...callTimes)) / 1000,
    busiestServiceWindow: busiestServiceWindow(callTimes, WINDOW_MS),
    load: {
      mean: arm.load.reduce((sum, value) => sum + value, 0) / Math.max(1, arm.load.length),
      max: Math.max(0, ...arm.load),
    },
    tokenRequests: records.filter(isTokenRequest).length,
    tokenRequestsByMetrics: arm.service.tokenRequests,
    dashboardTokenFetches: arm.dashboard?.tokenFetches,
    peopleCalls: arm.dashboard?.peopleGrants,
    syncCalls: arm.dashboard?.syncGrants,
    detailCalls: v1.filter((r) => /^\/v1\/tasks\/[^?]/.test(r.path)).length,
    rowsServed,
    rowsPerUpstreamCall: v1.length > 0 ? rowsServed / v1.length : Number.NaN,
    userWait: summarize(served.map((s) => s.wallMs)),
    anyWait: summarize(data.map((s) => s.wallMs)),
    pageSources: countBy(served.filter((s) => s.kind === "list").map((s) => s.source ?? "none")),
    mirror: arm.mirror && mirrorFigures(arm.mirror),
    floor: summarize(arm.floor),
    byCache,
    cacheCounts,
    untimed: served.length - timed.length,
  };
}

function countBy(keys: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

function mirrorFigures(samples: readonly MirrorSample[]): MirrorFigures {
  const ages = samples.map(hotAgeSeconds).filter((age) => Number.isFinite(age));
  const anyAges = samples.map(anyAgeSeconds).filter((age) => Number.isFinite(age));
  return {
    hotAge: summarize(ages),
    hotAgeMaxS: ages.length > 0 ? Math.max(...ages) : Number.NaN,
    anyAge: summarize(anyAges),
    anyAgeMaxS: anyAges.length > 0 ? Math.max(...anyAges) : Number.NaN,
    unsynced: samples.filter((s) => s.status.windows.synced < s.status.windows.total).length,
    syncCallsPerMinuteMax: Math.max(0, ...samples.map((s) => s.status.sync_calls.last_minute)),
    lastError: samples.at(-1)?.status.last_error?.message,
  };
}

/** Statuses seen by users, for the log: "200 x1234, 503 x56". */
export function statusCounts(samples: readonly Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} x${n}`)
    .join(", ");
}
