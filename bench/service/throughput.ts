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

/** Every target at every connection count, one after the other. */
export async function throughputSuite(options: {
  targets: readonly { name: string; baseUrl: string; path: string; headers: Record<string, string> }[];
  connections: readonly number[];
  durationSeconds: number;
  log: (line: string) => void;
}): Promise<ThroughputResult[]> {
  const results: ThroughputResult[] = [];
  for (const target of options.targets) {
    for (const connections of options.connections) {
      options.log(`autocannon ${target.name}, ${connections} connections, ${options.durationSeconds} s`);
      results.push(
        await measureThroughput({
          target: target.name,
          url: `${target.baseUrl}${target.path}`,
          headers: target.headers,
          connections,
          durationSeconds: options.durationSeconds,
        }),
      );
    }
  }
  return results;
}
