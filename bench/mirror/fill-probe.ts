import { loadavg } from "node:os";
import type { MirrorStatus } from "@/lib/server/mirror/sync/status";

// What the fill benchmark samples once a second: the mirror's own status and the service's
// /metrics (its per-client request counter), so every figure comes from the two real processes'
// own accounts, not from the benchmark counting for itself.

export interface FillSample {
  /** Ms since the backend was created. */
  at: number;
  synced: number;
  windows: number;
  rows: number;
  /** The client's answered /v1 requests so far, all routes and statuses. */
  calls: number;
  taskCalls: number;
  refused: number;
  tokenCalls: number;
  load1: number;
}

/** `vts_http_requests_total` of one client, summed by what the benchmark reports. */
export function clientCounts(metricsText: string, client: string) {
  const counts = { calls: 0, taskCalls: 0, refused: 0, tokenCalls: 0 };
  const line = /^vts_http_requests_total\{([^}]*)\} (\S+)$/;
  for (const text of metricsText.split("\n")) {
    const match = line.exec(text);
    if (!match) continue;
    const labels: Record<string, string | undefined> = Object.fromEntries(
      [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1]!, label[2]!]),
    );
    const value = Number(match[2]);
    if (labels.route?.startsWith("/oauth/token")) counts.tokenCalls += value;
    if (labels.client !== client || !labels.route?.startsWith("/v1/")) continue;
    counts.calls += value;
    if (labels.route.startsWith("/v1/tasks")) counts.taskCalls += value;
    if (labels.status === "429") counts.refused += value;
  }
  return counts;
}

export async function takeSample(
  at: number,
  status: MirrorStatus,
  serviceUrl: string,
  client: string,
): Promise<FillSample> {
  const response = await fetch(`${serviceUrl}/metrics`);
  if (!response.ok) throw new Error(`service /metrics: ${response.status}`);
  return {
    at,
    synced: status.windows.synced,
    windows: status.windows.total,
    rows: status.rows,
    ...clientCounts(await response.text(), client),
    load1: loadavg()[0] ?? 0,
  };
}

/** The most calls the service answered the client within any 60 s, from the one-second samples. */
export function busiestMinute(samples: readonly FillSample[]): number {
  let most = 0;
  let first = 0;
  for (const sample of samples) {
    while (sample.at - samples[first]!.at > 60_000) first++;
    // The sample before the span holds the count at its start (0 before any sample).
    const before = first > 0 ? samples[first - 1]!.calls : 0;
    most = Math.max(most, sample.calls - before);
  }
  return most;
}
