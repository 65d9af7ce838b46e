// The BFF benchmark's markdown: one table comparing the arms, the targets, and the cache outcomes.
// Printed, and kept in docs/benchmarks.md between markers like the service benchmark's results.
import type { Summary } from "../service/latency";
import type { IdleFigures } from "./idle-latency";
import type { ArmFigures, LatencyFigures } from "./results";

export interface BffReport {
  date: string;
  machine: string;
  cores: number;
  tasks: number;
  staff: number;
  seconds: number;
  seed: number;
  bff: ArmFigures;
  baseline: ArmFigures;
  /** One request at a time after each arm, nothing else running. */
  idle: { bff: IdleFigures; baseline: IdleFigures };
}

export const TARGETS = {
  user429: 0,
  upstreamPerWindow: 60,
  tokenEveryMinutes: 55,
  addedP99MissMs: 10,
  addedP99HitMs: 3,
};

const count = (value: number) => value.toLocaleString("en-US");
const ms = (value: number) =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
const pair = (s: Summary | undefined) => (s && s.n > 0 ? `${ms(s.p50)} / ${ms(s.p99)}` : "—");
const ratio = (a: number, b: number) =>
  Number.isFinite(a / b) && b !== 0 ? `${(a / b).toFixed(a / b < 0.1 ? 3 : 2)}x` : "—";
const pairRatio = (a: Summary | undefined, b: Summary | undefined) =>
  a && b && a.n > 0 && b.n > 0 ? `${ratio(a.p50, b.p50)} / ${ratio(a.p99, b.p99)}` : "—";

function latencyRows(label: string, bff?: LatencyFigures, baseline?: LatencyFigures): string[] {
  const n = [bff, baseline].filter((arm) => arm !== undefined).map((arm) => count(arm.added.n));
  return [
    `| added latency p50 / p99, ${label} (ms; n = ${n.join(" / ")}) | ${pair(bff?.added)} | ${pair(baseline?.added)} | ${pairRatio(bff?.added, baseline?.added)} |`,
    `| of which in the route handler, ${label} (ms) | ${pair(bff?.handler)} | — | |`,
  ];
}

export function renderReport(report: BffReport): string {
  const { bff, baseline, idle } = report;
  const row = (label: string, a: number, b: number, show = count) =>
    `| ${label} | ${show(a)} | ${show(b)} | ${ratio(a, b)} |`;
  const lines = [
    `**${report.date}** — ${report.machine}. Sandbox service with its default limits (60 /v1 and 10 token ` +
      `requests per client per minute), ${count(report.tasks)} tasks; ${report.staff} simulated staff for ` +
      `${report.seconds} s per arm, seed ${report.seed}.`,
    "",
    "| figure | BFF | baseline | BFF / baseline |",
    "|---|--:|--:|--:|",
    row("requests by users", bff.userRequests, baseline.userRequests),
    row("answered 200", bff.ok, baseline.ok),
    row("429s seen by users", bff.user429, baseline.user429),
    row("503s seen by users", bff.user503, baseline.user503),
    row("other failures seen by users", bff.otherFailures, baseline.otherFailures),
    row("upstream /v1 calls", bff.upstreamCalls, baseline.upstreamCalls),
    row("upstream calls in the busiest 60-s window (sliding)", bff.busiestWindow, baseline.busiestWindow),
    row(
      "upstream calls in the busiest service window",
      bff.busiestServiceWindow,
      baseline.busiestServiceWindow,
    ),
    row("upstream 429s", bff.upstream429, baseline.upstream429),
    row("token requests", bff.tokenRequests, baseline.tokenRequests),
    row("rows served (page rows + opened tasks)", bff.rowsServed, baseline.rowsServed),
    row("rows served per upstream call", bff.rowsPerUpstreamCall, baseline.rowsPerUpstreamCall, (v) =>
      Number.isFinite(v) ? v.toFixed(1) : "—",
    ),
    `| wait for a page or task, p50 / p99, all 200s (ms) | ${pair(bff.userWait)} | ${pair(baseline.userWait)} | ${pairRatio(bff.userWait, baseline.userWait)} |`,
    ...latencyRows("cache hit", bff.byCache.hit),
    ...latencyRows("miss", bff.byCache.miss, baseline.byCache.miss),
    `| budget queue p50 / p99, misses (ms) | ${pair(bff.byCache.miss?.queue)} | — | |`,
    `| a trivial route of the same server under the same load, p50 / p99 (ms) | ${pair(bff.floor)} | ${pair(baseline.floor)} | ${pairRatio(bff.floor, baseline.floor)} |`,
    `| one request at a time, nothing else running: added latency p50 / p99, cache hit (ms; n = ${count(idle.bff.hit?.added.n ?? 0)}) | ${pair(idle.bff.hit?.added)} | — | |`,
    `| of which in the route handler, one request at a time (ms) | ${pair(idle.bff.hit?.handler)} | — | |`,
    `| one request at a time, nothing else running: a trivial route, p50 / p99 (ms; n = ${count(idle.bff.trivial.n)}) | ${pair(idle.bff.trivial)} | ${pair(idle.baseline.trivial)} | ${pairRatio(idle.bff.trivial, idle.baseline.trivial)} |`,
    "",
    `Cache outcomes of the BFF's 200s: ${cacheLine(bff)}. The busiest sliding window of the BFF's upstream ` +
      `calls starts ${bff.busiestWindowAtS.toFixed(1)} s after its first call. Machine load (1-min load average ` +
      `on ${report.cores} cores) during the BFF arm: mean ${bff.load.mean.toFixed(1)}, max ${bff.load.max.toFixed(1)}; ` +
      `during the baseline: mean ${baseline.load.mean.toFixed(1)}, max ${baseline.load.max.toFixed(1)}.`,
    "",
    "#### Targets",
    "",
    ...verdicts(report).map((line) => `- ${line}`),
  ];
  const checks = crossChecks(report);
  if (checks.length > 0) lines.push("", ...checks);
  return lines.join("\n");
}

function cacheLine(arm: ArmFigures): string {
  const total = Object.values(arm.cacheCounts).reduce((sum, n) => sum + n, 0);
  return (["hit", "stale", "miss"] as const)
    .map((kind) => {
      const n = arm.cacheCounts[kind] ?? 0;
      return `${kind} ${count(n)} (${total > 0 ? ((100 * n) / total).toFixed(0) : 0}%)`;
    })
    .join(", ");
}

export function verdicts(report: BffReport): string[] {
  const { bff, idle } = report;
  const met = (ok: boolean) => (ok ? "met" : "**not met**");
  const hitP99 = bff.byCache.hit?.added.p99 ?? Number.NaN;
  const missP99 = bff.byCache.miss?.added.p99 ?? Number.NaN;
  return [
    `Zero 429s to users: ${bff.user429} — ${met(bff.user429 === TARGETS.user429)}`,
    `At most ${TARGETS.upstreamPerWindow} upstream calls in any 60-s window: ${bff.busiestWindow} — ${met(bff.busiestWindow <= TARGETS.upstreamPerWindow)}`,
    `One token request per ${TARGETS.tokenEveryMinutes} minutes: ${bff.tokenRequests} in this ${report.seconds}-s run — ` +
      `${met(bff.tokenRequests <= 1)} for the run; a run this short cannot show the steady state (see below)`,
    `p99 added latency under ${TARGETS.addedP99MissMs} ms on a miss: ${ms(missP99)} ms — ${met(missP99 < TARGETS.addedP99MissMs)}`,
    `p99 added latency under ${TARGETS.addedP99HitMs} ms on a hit: ${ms(hitP99)} ms — ${met(hitP99 < TARGETS.addedP99HitMs)}` +
      ` (one request at a time with nothing else running: ${ms(idle.bff.hit?.added.p99 ?? Number.NaN)} ms;` +
      ` Next's trivial route alone ${ms(idle.bff.trivial.p99)} ms)`,
  ];
}

/** Where the tap and the service's own counters disagree (they should not): said, not hidden. */
function crossChecks(report: BffReport): string[] {
  const notes: string[] = [];
  for (const arm of [report.bff, report.baseline]) {
    if (arm.upstreamCalls !== arm.upstreamCallsByMetrics || arm.upstream429 !== arm.upstream429ByMetrics)
      notes.push(
        `Note: for the ${arm.name} the tap counted ${arm.upstreamCalls} /v1 calls (${arm.upstream429} 429s), ` +
          `the service's /metrics ${arm.upstreamCallsByMetrics} (${arm.upstream429ByMetrics}).`,
      );
    if (arm.tokenRequests !== arm.tokenRequestsByMetrics)
      notes.push(
        `Note: for the ${arm.name} the tap counted ${arm.tokenRequests} token requests, the service ${arm.tokenRequestsByMetrics}.`,
      );
    if (arm.untimed > 0) notes.push(`Note: ${arm.untimed} answers of the ${arm.name} had no Server-Timing.`);
  }
  const fetches = report.bff.dashboardTokenFetches;
  if (fetches !== undefined && fetches !== report.bff.tokenRequests)
    notes.push(`Note: the dashboard counted ${fetches} token fetches of its own.`);
  return notes;
}
