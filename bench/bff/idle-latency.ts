// The same latencies with nothing else running: one signed-in person, one request at a time, after
// an arm has ended. Under 50 people the figures include waiting behind other requests for the two
// cores; here they show what a request costs on its own, the least the server could take.
import { setTimeout as sleep } from "node:timers/promises";
import { HttpClient } from "../service/http-client";
import { summarize, type Summary } from "../service/latency";
import { parseServerTiming } from "./simulated-staff";

export interface IdleFigures {
  /** A trivial route of the server (ms). */
  trivial: Summary;
  /** A page the cache (or the mirror) holds: wall time minus queue, upstream and shared waits, as in the arms. */
  hit?: { added: Summary; handler: Summary };
}

/** Who must have answered a timed page: the BFF's cache, or the task mirror. */
export type ServedBy = "cache" | "mirror";

export interface IdleOptions {
  baseUrl: string;
  trivialPath: string;
  /** A signed-in person's page, timed once the cache holds it (the BFF only). */
  hit?: { path: string; cookie: string; servedBy: ServedBy };
  samples: number;
  block: number;
  signal: AbortSignal;
}

const timed = async (http: HttpClient, path: string) => {
  const started = process.hrtime.bigint();
  const response = await http.get(path);
  return { response, wallMs: Number(process.hrtime.bigint() - started) / 1e6 };
};

/** The cache may first need a budget slot, which the arm before may have spent: up to a window. */
async function fillCache(http: HttpClient, path: string, signal: AbortSignal): Promise<void> {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline && !signal.aborted;) {
    const { response } = await timed(http, path);
    if (response.status === 200) return;
    await sleep(5_000, undefined, { signal }).catch(() => {});
  }
  throw new Error(`${path} did not answer 200 within 90 s`);
}

function servedAsWanted(servedBy: ServedBy, cache: string | undefined, body: Buffer): boolean {
  if (servedBy === "cache") return cache === "hit";
  return (JSON.parse(body.toString("utf8")) as { source?: string }).source === "mirror";
}

export async function measureIdle(options: IdleOptions): Promise<IdleFigures> {
  const { hit } = options;
  const trivial = new HttpClient(options.baseUrl);
  const person = hit
    ? new HttpClient(options.baseUrl, { cookie: hit.cookie, accept: "application/json" })
    : undefined;
  const trivialTimes: number[] = [];
  const added: number[] = [];
  const handler: number[] = [];
  try {
    if (person && hit) await fillCache(person, hit.path, options.signal);
    // Blocks of each, in turn, as in the service benchmark: both see the same stretch of time.
    for (let sent = 0; sent < options.samples && !options.signal.aborted; sent += options.block) {
      for (let i = 0; i < options.block; i++) {
        const { response, wallMs } = await timed(trivial, options.trivialPath);
        if (response.status === 200) trivialTimes.push(wallMs);
      }
      if (!person || !hit) continue;
      for (let i = 0; i < options.block; i++) {
        const { response, wallMs } = await timed(person, hit.path);
        const { timing, cache } = parseServerTiming(response.headers["server-timing"]);
        // A page past its freshness would be a stale answer and a refresh: fill the cache again.
        if (response.status !== 200 || !servedAsWanted(hit.servedBy, cache, response.body)) {
          await fillCache(person, hit.path, options.signal);
          continue;
        }
        const waited = (timing.queue ?? 0) + (timing.upstream ?? 0) + (timing.shared ?? 0);
        added.push(wallMs - waited);
        handler.push(timing.bff ?? 0);
      }
    }
  } finally {
    trivial.close();
    person?.close();
  }
  return {
    trivial: summarize(trivialTimes),
    ...(hit ? { hit: { added: summarize(added), handler: summarize(handler) } } : {}),
  };
}
