// The sequential measurements: each page case against its floor, and the token endpoint.
import type { IncomingHttpHeaders } from "node:http";
import type pg from "pg";
import type { BarePage } from "./bare-query-server";
import type { PageCase, PageStatement } from "./cases";
import { floorRunner } from "./floor";
import type { HttpClient, HttpResponse } from "./http-client";
import { summarize, timeMs, type Summary } from "./latency";
import type { PageResult } from "./report";

export interface SampleOptions {
  samples: number;
  warmup: number;
  /** Requests per block: each round runs one block of the service and one of the floor, per case. */
  block: number;
}

/**
 * Round-robin over all cases in small blocks (service, floor, transport, next case, ...), so that
 * noise from other work on the machine spreads over every case alike: service/floor, deep/page 1 and
 * the transport's share are then ratios of figures taken over the same stretch of time.
 */
export async function measurePages(
  cases: readonly PageCase[],
  clients: PageClients,
  db: pg.Client,
  options: SampleOptions,
): Promise<PageResult[]> {
  const runs = [];
  for (const [index, pageCase] of cases.entries()) runs.push(await prepare(pageCase, clients, index, db));
  const kinds = clients.baseline
    ? (["service", "floor", "transport", "bare", "baseline"] as const)
    : (["service", "floor", "transport", "bare"] as const);
  for (const run of runs)
    for (let i = 0; i < options.warmup; i++) for (const kind of kinds) await run[kind]();
  const samples = runs.map(() => ({
    service: [] as number[],
    floor: [] as number[],
    transport: [] as number[],
    bare: [] as number[],
    baseline: [] as number[],
  }));
  for (let taken = 0; taken < options.samples; taken += options.block) {
    const size = Math.min(options.block, options.samples - taken);
    for (const [index, run] of runs.entries()) {
      const into = samples[index]!;
      for (const kind of kinds) for (let i = 0; i < size; i++) into[kind].push(await timeMs(run[kind]));
    }
  }
  return runs.map((run, index) => ({
    pageCase: run.pageCase,
    rows: run.rows,
    bytes: run.bytes,
    service: summarize(samples[index]!.service),
    floor: summarize(samples[index]!.floor),
    transport: summarize(samples[index]!.transport),
    bare: summarize(samples[index]!.bare),
    ...(clients.baseline ? { baseline: summarize(samples[index]!.baseline) } : {}),
  }));
}

export interface PageClients {
  service: HttpClient;
  transport: HttpClient;
  /** bare-query-server.ts: the page's SQL and the service's writer, nothing else. */
  bare: HttpClient;
  /** Another build of the service on the same database (BENCH_BASELINE_DIR), timed in the same rounds. */
  baseline?: HttpClient | undefined;
}

/** Framing headers node:http sets itself for the connection it answers on. */
const FRAMING = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);

function replayableHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !FRAMING.has(name)));
}

/**
 * Checks that service and floor return the same page, hands the service's answer to the transport
 * server to replay and the page's SQL to the bare query server (checking that it answers the same
 * bytes), then hands out one call of each.
 */
async function prepare(pageCase: PageCase, clients: PageClients, index: number, db: pg.Client) {
  const http = clients.service;
  const answerPath = `/answers/${index}`;
  const barePath = `/pages/${index}`;
  const floor = floorRunner(db, pageCase.floor);
  const rows = Math.min(await floor(), pageCase.floor.fetch - 1);
  const check = await http.get(pageCase.path);
  if (check.status !== 200)
    throw new Error(`${pageCase.path} answered ${check.status}: ${check.body.toString()}`);
  const served = (JSON.parse(check.body.toString("utf8")) as WirePage).data.length;
  if (served !== rows) throw new Error(`${pageCase.path}: service returned ${served} rows, floor ${rows}`);
  const headers = replayableHeaders(check.headers);
  const stored = await clients.transport.put(answerPath, check.body, {
    "x-replay-headers": JSON.stringify(headers),
  });
  if (stored.status !== 204) throw new Error(`the transport server answered ${stored.status}`);
  await placeBarePage(clients.bare, barePath, pageCase.floor, check);
  // The whole body is read but not parsed: a client's JSON.parse is not the service's cost.
  const service = async () => {
    const response = await http.get(pageCase.path);
    if (response.status !== 200) throw new Error(`${pageCase.path} answered ${response.status}`);
  };
  const transport = async () => {
    const response = await clients.transport.get(answerPath);
    if (response.status !== 200 || response.body.length !== check.body.length)
      throw new Error(`the transport server answered ${response.status} for ${answerPath}`);
  };
  const bare = async () => {
    const response = await clients.bare.get(barePath);
    if (response.status !== 200 || response.body.length !== check.body.length)
      throw new Error(`the bare query server answered ${response.status} for ${barePath}`);
  };
  const baselineHttp = clients.baseline;
  const baseline = async () => {
    const response = await baselineHttp?.get(pageCase.path);
    if (response?.status !== 200) throw new Error(`baseline: ${pageCase.path} answered ${response?.status}`);
  };
  if (baselineHttp) {
    const answer = await baselineHttp.get(pageCase.path);
    // The same page, byte for byte: a faster build must not be faster by answering differently.
    if (!answer.body.equals(check.body)) throw new Error(`baseline: ${pageCase.path} answered other bytes`);
  }
  return { pageCase, rows, bytes: check.body.length, service, floor, transport, bare, baseline };
}

export const SANDBOX_CLIENT = { id: "sandbox-full", secret: "sandbox-full-secret" };

const tokenRequest = {
  body: "grant_type=client_credentials",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    authorization: `Basic ${Buffer.from(`${SANDBOX_CLIENT.id}:${SANDBOX_CLIENT.secret}`).toString("base64")}`,
  },
};

export async function fetchToken(http: HttpClient): Promise<string> {
  const response = await http.post("/oauth/token", tokenRequest.body, tokenRequest.headers);
  if (response.status !== 200)
    throw new Error(`token request answered ${response.status}: ${response.body.toString()}`);
  return (JSON.parse(response.body.toString("utf8")) as { access_token: string }).access_token;
}

/**
 * Token requests interleaved with /healthz (one trivial query), in blocks: the healthz figures show
 * how much of the token endpoint's tail is the shared machine rather than the endpoint.
 */
export async function measureToken(
  http: HttpClient,
  options: { samples: number; warmup: number; block: number },
): Promise<{ token: Summary; healthz: Summary }> {
  const token = async () => {
    const response = await http.post("/oauth/token", tokenRequest.body, tokenRequest.headers);
    if (response.status !== 200) throw new Error(`token request answered ${response.status}`);
  };
  const healthz = async () => {
    const response = await http.get("/healthz");
    if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
  };
  for (let i = 0; i < options.warmup; i++) await token().then(healthz);
  const samples = { token: [] as number[], healthz: [] as number[] };
  for (let taken = 0; taken < options.samples; taken += options.block) {
    for (let i = 0; i < options.block; i++) samples.token.push(await timeMs(token));
    for (let i = 0; i < options.block; i++) samples.healthz.push(await timeMs(healthz));
  }
  return { token: summarize(samples.token), healthz: summarize(samples.healthz) };
}

interface WirePage {
  /** The change feed's page says it; a task list's does not. */
  has_more?: boolean;
  data: unknown[];
  next_cursor: string | null;
}

/**
 * Hands a page's SQL to the bare query server under `path`, with the service's answer for it (its
 * headers and next cursor), and checks that the bare server then answers the same bytes: it must
 * do the service's work on the page, not less.
 */
export async function placeBarePage(
  bare: HttpClient,
  path: string,
  floor: PageStatement,
  answer: HttpResponse,
): Promise<void> {
  const wire = JSON.parse(answer.body.toString("utf8")) as WirePage;
  const page: BarePage = {
    text: floor.text,
    params: floor.params,
    limit: floor.fetch - 1,
    nextCursor: wire.next_cursor,
    feed: wire.has_more !== undefined,
    headers: replayableHeaders(answer.headers),
  };
  const placed = await bare.put(path, Buffer.from(JSON.stringify(page)), {
    "content-type": "application/json",
  });
  if (placed.status !== 204) throw new Error(`the bare query server answered ${placed.status}`);
  const check = await bare.get(path);
  if (!check.body.equals(answer.body)) throw new Error(`bare query server: ${path} answered other bytes`);
}
