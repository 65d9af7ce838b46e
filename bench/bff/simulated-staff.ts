// One simulated person against one arm: the dashboard's data requests in the order a person makes
// them, each timed from the first byte sent to the last byte received, with the Server-Timing the
// server reports. A failed request ends the visit: the person chooses other filters.
import { setTimeout as sleep } from "node:timers/promises";
import { HttpClient } from "../service/http-client";
import type { StaffScript, Visit } from "./workload";
import { WORKLOAD } from "./workload";

export type RequestKind = "locations" | "list" | "detail";

export interface Sample {
  kind: RequestKind;
  /** HTTP status; 0 when the request failed without one (connection error, client timeout). */
  status: number;
  wallMs: number;
  /** Tasks in the answer: the page's rows, or 1 for a task. */
  rows: number;
  /** Server-Timing durations by name, and `cache` as its description. */
  timing: Record<string, number>;
  cache: string | undefined;
  /** Visits that repeat a popular view. */
  popular: boolean;
  /** A page's `source`: "mirror" or "live" (undefined for a task, the locations, or no answer). */
  source: string | undefined;
}

interface TaskPage {
  data: { id: string }[];
  next_cursor: string | null;
  source?: string;
}

/** `total;dur=1.2, cache;desc=hit` -> durations and the cache description. */
export function parseServerTiming(header: string | string[] | undefined) {
  const timing: Record<string, number> = {};
  let cache: string | undefined;
  for (const entry of (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")) {
    const [name = "", ...params] = entry.trim().split(";");
    for (const param of params) {
      const [key, value = ""] = param.split("=");
      if (key === "dur") timing[name] = Number(value);
      if (key === "desc" && name === "cache") cache = value;
    }
  }
  return { timing, cache };
}

/** A client-side limit no server answer should reach (the BFF's own waits end well before). */
const CLIENT_TIMEOUT_MS = 60_000;

export class SimulatedPerson {
  private readonly http: HttpClient;

  constructor(
    baseUrl: string,
    cookie: string,
    private readonly script: StaffScript,
    private readonly record: (sample: Sample) => void,
  ) {
    this.http = new HttpClient(baseUrl, { cookie, accept: "application/json" });
  }

  /** Works through visits until `endAt` (Date.now ms); a request under way then still finishes. */
  async run(endAt: number, signal: AbortSignal): Promise<void> {
    const pause = async (ms: number) => {
      await sleep(Math.min(ms, Math.max(0, endAt - Date.now())), undefined, { signal });
      return Date.now() < endAt;
    };
    try {
      if (!(await pause(this.script.arrivalMs))) return;
      // Opening the dashboard loads the location list for the filter bar.
      await this.request("locations", "/api/locations", false);
      while (Date.now() < endAt) {
        const visit = this.script.nextVisit();
        await this.visit(visit, pause);
        if (!(await pause(visit.restMs))) return;
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    } finally {
      this.http.close();
    }
  }

  private async visit(visit: Visit, pause: (ms: number) => Promise<boolean>): Promise<void> {
    const query = new URLSearchParams({ ...visit.filters, limit: String(WORKLOAD.pageLimit) });
    let cursor: string | null = null;
    for (let page = 0; page < visit.pages; page++) {
      if (page > 0) {
        if (!cursor || !(await pause(visit.thinkMs[page - 1] ?? 0))) return;
        query.set("cursor", cursor);
      }
      const answer = await this.request<TaskPage>("list", `/api/tasks?${query.toString()}`, visit.popular);
      if (!answer) return;
      cursor = answer.next_cursor;
      const open = visit.openRow[page];
      const row = open === undefined ? undefined : answer.data[Math.floor(open * answer.data.length)];
      if (row && (await pause(visit.openThinkMs[page] ?? 0))) {
        await this.request("detail", `/api/tasks/${encodeURIComponent(row.id)}`, visit.popular);
      }
    }
  }

  /** The parsed body of a 200, or undefined after recording the failure. */
  private async request<T>(kind: RequestKind, path: string, popular: boolean): Promise<T | undefined> {
    const started = process.hrtime.bigint();
    const timer = new AbortController();
    // A browser resends an idempotent request once when a kept-alive connection turns out closed.
    const get = () => this.http.get(path).catch(() => this.http.get(path).catch(() => undefined));
    const response = await Promise.race([
      get(),
      sleep(CLIENT_TIMEOUT_MS, undefined, { signal: timer.signal }).then(() => undefined),
    ]).finally(() => timer.abort());
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const status = response?.status ?? 0;
    const body = status === 200 ? (JSON.parse(response!.body.toString("utf8")) as T) : undefined;
    const page = kind === "list" ? (body as TaskPage | undefined) : undefined;
    const rows = body === undefined || kind === "locations" ? 0 : page ? page.data.length : 1;
    this.record({
      kind,
      status,
      wallMs,
      rows,
      popular,
      source: page?.source,
      ...parseServerTiming(response?.headers["server-timing"]),
    });
    return body;
  }
}
