// The task mirror as an operator sees it, through GET /api/mirror with a staff session: waited on
// until every window is synced (the fill, before the staff start), then sampled through the arm
// for the age of the oldest hot window and of the oldest window of all.
import { setTimeout as sleep } from "node:timers/promises";
import { HttpClient } from "../service/http-client";

/** The part of GET /api/mirror the benchmark reads (lib/server/mirror/sync/status.ts). */
export interface MirrorStatusBody {
  windows: { synced: number; total: number };
  hot: { oldest_as_of: string | null };
  cold: { oldest_as_of: string | null };
  rows: number;
  sync_calls: { last_minute: number; last_hour: number };
  last_error: { message: string; at: string } | null;
}

export interface MirrorSample {
  /** Date.now() when the answer came. */
  at: number;
  status: MirrorStatusBody;
}

const POLL_MS = 1_000;
export const SAMPLE_EVERY_MS = 5_000;

export class MirrorWatch {
  private readonly http: HttpClient;

  constructor(baseUrl: string, cookie: string) {
    this.http = new HttpClient(baseUrl, { cookie, accept: "application/json" });
  }

  async read(): Promise<MirrorSample> {
    const status = await this.http.getJson<MirrorStatusBody>("/api/mirror");
    return { at: Date.now(), status };
  }

  /** Resolves with the status once every window of the horizon is synced. */
  async untilFilled(options: {
    timeoutMs: number;
    signal: AbortSignal;
    log: (line: string) => void;
  }): Promise<MirrorSample> {
    const deadline = Date.now() + options.timeoutMs;
    let lastLog = 0;
    while (!options.signal.aborted) {
      const sample = await this.read();
      const { synced, total } = sample.status.windows;
      if (total > 0 && synced === total) return sample;
      if (Date.now() > deadline)
        throw new Error(
          `the mirror was not filled within ${options.timeoutMs / 1000} s (${synced}/${total})`,
        );
      if (Date.now() - lastLog >= 15_000) {
        lastLog = Date.now();
        options.log(`  filling the mirror: ${synced}/${total} windows, ${sample.status.rows} rows`);
      }
      await sleep(POLL_MS, undefined, { signal: options.signal }).catch(() => {});
    }
    throw new Error("stopped while the mirror was filling");
  }

  /** Samples every SAMPLE_EVERY_MS until `endAt`; failed reads are skipped, not fatal. */
  async sample(endAt: number, signal: AbortSignal): Promise<MirrorSample[]> {
    const samples: MirrorSample[] = [];
    while (Date.now() < endAt && !signal.aborted) {
      const sample = await this.read().catch(() => undefined);
      if (sample) samples.push(sample);
      await sleep(Math.min(SAMPLE_EVERY_MS, Math.max(0, endAt - Date.now())), undefined, { signal }).catch(
        () => {},
      );
    }
    return samples;
  }

  close(): void {
    this.http.close();
  }
}

/** Seconds between a sample and the oldest hot window's as_of (NaN while one is unsynced). */
export function hotAgeSeconds(sample: MirrorSample): number {
  const asOf = sample.status.hot.oldest_as_of;
  return asOf === null ? Number.NaN : (sample.at - Date.parse(asOf)) / 1000;
}

/** Seconds between a sample and the oldest as_of of any window, hot or cold (NaN while one is unsynced). */
export function anyAgeSeconds(sample: MirrorSample): number {
  const { hot, cold } = sample.status;
  if (hot.oldest_as_of === null && cold.oldest_as_of === null) return Number.NaN;
  const oldest = Math.min(
    ...[hot.oldest_as_of, cold.oldest_as_of].flatMap((asOf) => (asOf === null ? [] : [Date.parse(asOf)])),
  );
  return (sample.at - oldest) / 1000;
}
