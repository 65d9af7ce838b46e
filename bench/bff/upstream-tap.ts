// An HTTP proxy in front of the service that writes down every request it passes on: when it
// arrived, its path and the service's status. The service's /metrics has totals only; these
// timestamps give the busiest 60-s window exactly. Each arm talks to the service through one.
import { Agent, request, type RequestListener } from "node:http";

export interface TapRecord {
  /** Date.now() when the request reached the tap (and, a moment later, the service). */
  at: number;
  method: string;
  path: string;
  /** The service's status; 0 when it could not be reached. */
  status: number;
}

/** The tap's own path: everything else is passed on. */
export const RECORDS_PATH = "/__tap/records";

export function createUpstreamTap(targetBaseUrl: string): RequestListener {
  const target = new URL(targetBaseUrl);
  const agent = new Agent({ keepAlive: true });
  const records: TapRecord[] = [];
  return (req, res) => {
    if (req.url === RECORDS_PATH) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(records));
      return;
    }
    const record: TapRecord = {
      at: Date.now(),
      method: req.method ?? "GET",
      path: req.url ?? "/",
      status: 0,
    };
    records.push(record);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        record.status = answer.statusCode ?? 0;
        res.writeHead(record.status, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
}

/** /v1 calls only: the token endpoint has a budget of its own. */
export const isV1 = (record: TapRecord) => record.path.startsWith("/v1/");
export const isTokenRequest = (record: TapRecord) => record.path.startsWith("/oauth/token");

/**
 * The most records in any interval of `windowMs` (sliding, so it bounds every fixed window too),
 * and when the first such interval starts.
 */
export function busiestWindow(times: readonly number[], windowMs: number): { count: number; from: number } {
  const sorted = [...times].sort((a, b) => a - b);
  let most = { count: 0, from: Number.NaN };
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= windowMs) first++;
    if (last - first + 1 > most.count) most = { count: last - first + 1, from: sorted[first]! };
  }
  return most;
}

/**
 * The service's own windows: fixed 60-s windows per client, each opened by the first request after
 * the previous one ended (rate-limiter-flexible's memory limiter). The most calls one of them saw.
 */
export function busiestServiceWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let opened = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const at of sorted) {
    if (at - opened >= windowMs) {
      opened = at;
      count = 0;
    }
    count++;
    most = Math.max(most, count);
  }
  return most;
}
