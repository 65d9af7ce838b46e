// Turns one arm's raw observations (the people's samples, the tap's records, the service's and the
// dashboard's counters) into the figures the report compares.
import { summarize, type Summary } from "../service/latency";
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
  /** The dashboard's /api/metrics at the end of its arm (the BFF only). */
  dashboard?: { tokenFetches: number };
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
  rowsServed: number;
  rowsPerUpstreamCall: number;
  /** Every 200 of a page or a task, end to end as the person waited for it. */
  userWait: Summary;
  floor: Summary;
  byCache: Partial<Record<"hit" | "miss" | "stale", LatencyFigures>>;
  cacheCounts: Record<string, number>;
  /** 200s of pages and tasks without Server-Timing: a build from before it existed. */
  untimed: number;
}

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
  const outcome = (s: Sample) => s.cache ?? "miss";
  const cacheCounts: Record<string, number> = {};
  for (const s of timed) cacheCounts[outcome(s)] = (cacheCounts[outcome(s)] ?? 0) + 1;
  const byCache: ArmFigures["byCache"] = {};
  for (const kind of ["hit", "miss", "stale"] as const) {
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
    rowsServed,
    rowsPerUpstreamCall: v1.length > 0 ? rowsServed / v1.length : Number.NaN,
    userWait: summarize(served.map((s) => s.wallMs)),
    floor: summarize(arm.floor),
    byCache,
    cacheCounts,
    untimed: served.length - timed.length,
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
