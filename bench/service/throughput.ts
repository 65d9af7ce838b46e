// Throughput with autocannon: a fixed duration at each connection count, against the page endpoint
// and against /healthz (one trivial query), the latter being what the HTTP stack alone can do here.
import autocannon from "autocannon";

export interface ThroughputResult {
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function measureThroughput(options: {
  target: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}): Promise<ThroughputResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    // Fresh connections would measure TCP set-up, not the service; autocannon keeps them alive.
    pipelining: 1,
  });
  return {
    target: options.target,
    connections: options.connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Every target at every connection count. The duration is cut into rounds that take turns over the
 * targets, so targets compared with each other (the page against /healthz, this build against the
 * baseline) share the machine's quiet and busy stretches instead of each getting one of its own.
 */
export async function throughputSuite(options: {
  targets: readonly { name: string; baseUrl: string; path: string; headers: Record<string, string> }[];
  connections: readonly number[];
  durationSeconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<ThroughputResult[]> {
  const results: ThroughputResult[] = [];
  const roundSeconds = Math.max(1, Math.round(options.durationSeconds / options.rounds));
  for (const connections of options.connections) {
    const runs = new Map<string, ThroughputResult[]>(options.targets.map((target) => [target.name, []]));
    for (let round = 1; round <= options.rounds; round++) {
      for (const target of options.targets) {
        options.log(
          `autocannon ${target.name}, ${connections} connections, round ${round}/${options.rounds}, ${roundSeconds} s`,
        );
        runs.get(target.name)?.push(
          await measureThroughput({
            target: target.name,
            url: `${target.baseUrl}${target.path}`,
            headers: target.headers,
            connections,
            durationSeconds: roundSeconds,
          }),
        );
      }
    }
    for (const target of options.targets) results.push(combine(runs.get(target.name) ?? []));
  }
  return results;
}

/** Rounds of equal length: the mean rate, the median p50, the worst p99, every failure. */
function combine(rounds: readonly ThroughputResult[]): ThroughputResult {
  const first = rounds[0];
  if (!first) throw new Error("no throughput rounds");
  const sum = (pick: (r: ThroughputResult) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  const p50s = rounds.map((r) => r.p50).sort((a, b) => a - b);
  return {
    target: first.target,
    connections: first.connections,
    requestsPerSecond: sum((r) => r.requestsPerSecond) / rounds.length,
    p50: p50s[Math.floor(p50s.length / 2)] ?? first.p50,
    p99: Math.max(...rounds.map((r) => r.p99)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}
