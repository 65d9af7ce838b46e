// Fuzzes the whole HTTP surface with seeded random requests. Every response of a documented
// path goes through service.request, so it is also checked against openapi.yaml; every response
// at all is checked for the invariants in fuzz-kit.ts; and where the generator knows what the
// answer must be (a valid-looking request: 200; a surely invalid one: its 4xx) that is checked too.
// A run reports every broken rule with an example request. Reproduce with FUZZ_SEED=<seed>.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertTasks } from "../../src/repositories/tasks-repository";
import { SANDBOX_FIXTURES } from "../../src/seeding/fixture-clients";
import { basicAuth, startTestService, type TestService } from "../support/test-service";
import {
  BASE64URL_CHARS,
  brokenInvariants,
  CONTROL_CHARS,
  describeExchange,
  encode,
  Findings,
  IDENTIFIER_CHARS,
  junk,
  PERCENT_GARBAGE,
  PRINTABLE_ASCII,
  Rng,
  routedPath,
  type SentRequest,
  UNICODE_SAMPLE,
} from "./fuzz-kit";
import { fuzzCount, fuzzScale, fuzzSeed } from "../../../harness/fuzz-settings";

const SEED = fuzzSeed();
const SCALE = fuzzScale();
const CASES = {
  taskList: fuzzCount(1200),
  taskById: fuzzCount(300),
  locations: fuzzCount(200),
  surface: fuzzCount(600),
  token: fuzzCount(800),
};

/** Generous: the cases are many and a loaded machine is slow; each case is fast. */
const FUZZ_TIMEOUT = 180_000 * SCALE;
const DAY = 86_400_000;
const MAX_WINDOW = 92 * DAY;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

type Method = (typeof METHODS)[number];
type Verdict = "ok" | "bad" | "any";
const IDENTIFIER_NAMES = ["location_id", "mva", "vehicle_id"];

interface Task {
  id: string;
  vehicle_id: string;
  mva: string;
  task_type: string;
  location: { id: string };
  started_at: string;
}

/** One query parameter as it goes on the wire: name and value already encoded (or deliberately not). */
interface Param {
  name: string;
  value: string | undefined;
}

type FilterName = "location_id" | "mva" | "vehicle_id" | "task_type";

/** What a 200 page must honour, known when the generator built a valid query. */
interface PageSemantics {
  from: number;
  to: number;
  limit: number;
  order: "asc" | "desc";
  filters: Partial<Record<FilterName, string>>;
  /** For a page behind a cursor: the last task of the page before. */
  after?: { started_at: string; id: string };
}

interface CursorSource {
  /** The window, filters and order of the query the cursor came from (no limit, no cursor). */
  semantics: Omit<PageSemantics, "limit">;
  cursor: string;
}

interface World {
  now: number;
  tokens: { full: string; tasks: string; locations: string };
  locationIds: string[];
  tasks: Task[];
  taskTypes: string[];
  cursors: CursorSource[];
}

type Expected = number | readonly number[] | "2xx" | "4xx" | "any";

interface FuzzCase {
  /** A coarse label that findings are grouped by. */
  group: string;
  /** The details of this case, shown with its example. */
  what: string;
  request: SentRequest & { method: Method };
  expected: Expected;
  /**
   * Whether to check the answer against openapi.yaml (default: when the path and method are
   * documented). The contract lists other methods on /v1 paths only through their 405.
   */
  contract?: boolean;
  /** Further checks on the answer; returns what is wrong, if anything. */
  check?: (response: LightMyRequestResponse) => string | undefined;
}

let service: TestService;
let world: World;

beforeAll(async () => {
  service = await startTestService({ VTS_TOKEN_RATE_LIMIT_PER_MIN: "1000000" });
  world = await exploreWorld(new Rng(SEED).fork("world"));
});
afterAll(() => service.close());

// ---------------------------------------------------------------------------------------------
// Running cases

const DOCUMENTED_V1 = /^\/v1\/(tasks|locations|tasks\/[^/]+)$/;
const DOCUMENTED_GET = ["/healthz", "/openapi.yaml", "/metrics", "/.well-known/jwks.json"];

/** Whether openapi.yaml documents the request, so that service.request can check the answer. */
function isDocumented(request: FuzzCase["request"]): boolean {
  const path = routedPath(request.url);
  if (path === "/oauth/token") return request.method === "POST";
  if (DOCUMENTED_V1.test(path)) return true;
  return DOCUMENTED_GET.includes(path) && (request.method === "GET" || request.method === "HEAD");
}

function fits(expected: Expected, status: number): boolean {
  if (expected === "any") return true;
  if (expected === "2xx") return status >= 200 && status < 300;
  if (expected === "4xx") return status >= 400 && status < 500;
  return typeof expected === "number" ? status === expected : expected.includes(status);
}

const firstLine = (error: unknown) =>
  String(error instanceof Error ? error.message : error).split("\n")[0] ?? "";

/** Runs one case, files what it breaks, and returns the status (undefined if inject threw). */
async function runCase(fuzzCase: FuzzCase, findings: Findings): Promise<number | undefined> {
  findings.cases += 1;
  const { request, group, what } = fuzzCase;
  const example = (response: LightMyRequestResponse | undefined, detail = "") =>
    `${detail ? `${detail}; ` : ""}[${what}] ${describeExchange(request, response)}`;
  let response: LightMyRequestResponse;
  let contractBroken: string | undefined;
  try {
    if (fuzzCase.contract ?? isDocumented(request)) {
      try {
        response = await service.request(request);
      } catch (error) {
        contractBroken = firstLine(error).replace(/^.* does not match openapi\.yaml: /, "");
        response = await service.app.inject(request);
      }
    } else {
      response = await service.app.inject(request);
    }
  } catch (error) {
    findings.add(`inject threw (${group}): ${firstLine(error)}`, example(undefined));
    return undefined;
  }
  for (const [kind, detail] of brokenInvariants(request, response)) {
    findings.add(`${kind} (${group})`, example(response, detail));
  }
  const expected = fits(fuzzCase.expected, response.statusCode);
  if (!expected) {
    findings.add(
      `${group}: expected ${JSON.stringify(fuzzCase.expected)}, got ${response.statusCode}`,
      example(response),
    );
  } else if (fuzzCase.check) {
    let wrong: string | undefined;
    try {
      wrong = fuzzCase.check(response);
    } catch (error) {
      wrong = `unreadable answer: ${firstLine(error)}`;
    }
    if (wrong) findings.add(`${group}: ${wrong.split(":")[0]}`, example(response, wrong));
  }
  // An unexpected status is also undocumented; that is one finding, not two.
  if (
    contractBroken !== undefined &&
    (expected || !/status \d+ is not documented|is not documented for/.test(contractBroken))
  ) {
    findings.add(`contract (${group}): ${contractBroken.slice(0, 160)}`, example(response));
  }
  return response.statusCode;
}

/**
 * Runs `total` generated cases and fails with every broken rule. `shares` guards the generator:
 * a fuzzer whose valid requests all fail (or whose invalid ones all pass) would test little.
 */
async function fuzz(
  label: string,
  total: number,
  generate: (rng: Rng) => FuzzCase,
  shares: Record<number, number> = {},
): Promise<void> {
  const rng = new Rng(SEED).fork(label);
  const findings = new Findings(SEED);
  const statuses = new Map<number, number>();
  for (let i = 0; i < total; i++) {
    const status = await runCase(generate(rng), findings);
    if (status !== undefined) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const distribution = JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  const weakGenerator = Object.entries(shares)
    .filter(([status, share]) => (statuses.get(Number(status)) ?? 0) / total < share)
    .map(
      ([status, share]) =>
        `generator: fewer than ${share * 100}% ${status} answers (statuses: ${distribution})`,
    );
  expect(findings.cases).toBe(total);
  expect([...findings.report(), ...weakGenerator], `${label}: broken rules`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// The world: real values to draw valid requests from

async function exploreWorld(rng: Rng): Promise<World> {
  const tokens = {
    full: await service.token("sandbox-full"),
    tasks: await service.token("sandbox-tasks"),
    locations: await service.token("sandbox-locations"),
  };
  const bearer = { authorization: `Bearer ${tokens.full}` };
  const locations = await service.request({ method: "GET", url: "/v1/locations", headers: bearer });
  const locationIds = locations.json<{ data: { id: string }[] }>().data.map((l) => l.id);
  const now = Date.now();
  const tasks: Task[] = [];
  for (const [from, to] of [
    [now - 180 * DAY, now - 90 * DAY],
    [now - 90 * DAY, now],
    [now, now + 31 * DAY],
  ] as const) {
    const url = `/v1/tasks?from=${iso(from)}&to=${iso(to)}&limit=500`;
    const page = await service.request({ method: "GET", url, headers: bearer });
    tasks.push(...page.json<{ data: Task[] }>().data);
  }
  const taskTypes = [...new Set(tasks.map((t) => t.task_type))];

  const cursors: CursorSource[] = [];
  for (let attempt = 0; cursors.length < 8 && attempt < 60; attempt++) {
    const task = rng.pick(tasks);
    const from = Date.parse(task.started_at) - rng.int(0, 20 * DAY);
    const semantics: Omit<PageSemantics, "limit"> = {
      from,
      to: from + rng.int(DAY, MAX_WINDOW),
      order: rng.pick(["asc", "desc"] as const),
      filters: {},
    };
    if (rng.chance(0.4)) semantics.filters.location_id = task.location.id;
    if (rng.chance(0.3)) semantics.filters.task_type = task.task_type;
    const url = `/v1/tasks?${queryText(semanticParams(rng, semantics, false))}&limit=${rng.int(1, 4)}`;
    const page = await service.request({ method: "GET", url, headers: bearer });
    const cursor = page.json<{ next_cursor: string | null }>().next_cursor;
    if (cursor !== null) cursors.push({ semantics, cursor });
  }
  if (cursors.length < 2 || tasks.length < 100 || locationIds.length < 5) {
    throw new Error("the sandbox is too small to fuzz against");
  }
  return { now, tokens, locationIds, tasks, taskTypes, cursors };
}

const iso = (ms: number) => new Date(ms).toISOString();
const queryText = (params: readonly Param[]) =>
  params.map((p) => (p.value === undefined ? p.name : `${p.name}=${p.value}`)).join("&");

// ---------------------------------------------------------------------------------------------
// Timestamps

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * One valid spelling of an instant, with the instant the service must read from it: Z or z, a
 * numeric offset with or without a colon (a "+" sent unencoded arrives as a space, which the
 * service reads as "+"), T or t, minutes-only, "." or "," fractions up to 9 digits. Digits beyond
 * the millisecond round up to the next millisecond.
 */
function spellInstant(rng: Rng, ms: number, allowSubMillisecond = true): { text: string; ms: number } {
  const zone = rng.weighted([
    [4, "Z"],
    [1, "zero offset"],
    [5, "offset"],
  ] as const);
  const offsetMinutes = zone === "offset" ? rng.int(-(23 * 60 + 59), 23 * 60 + 59) : 0;
  const local = iso(ms + offsetMinutes * 60_000);
  const [date, hh, mi, ss, sss] = [
    local.slice(0, 10),
    local.slice(11, 13),
    local.slice(14, 16),
    local.slice(17, 19),
    local.slice(20, 23),
  ];
  const dot = rng.chance(0.85) ? "." : ",";
  let read = ms;
  let fraction: string;
  if (allowSubMillisecond && rng.chance(0.15)) {
    fraction = `${dot}${sss}${rng.string("0123456789", 0, 5)}${rng.pick([..."123456789"])}`;
    read = ms + 1;
  } else if (sss === "000") {
    fraction = rng.pick(["", "", `${dot}0`, `${dot}000`, `${dot}000000000`]);
  } else {
    fraction = `${dot}${sss}${rng.pick(["", "", "0", "000000"])}`;
  }
  const time =
    fraction === "" && ss === "00" && rng.chance(0.5) ? `${hh}:${mi}` : `${hh}:${mi}:${ss}${fraction}`;
  let suffix: string;
  if (zone === "Z") suffix = rng.chance(0.85) ? "Z" : "z";
  else {
    const sign =
      offsetMinutes < 0 ? "-" : rng.pick(["%2B", "%2B", "+", ...(zone === "zero offset" ? ["-"] : [])]);
    const abs = Math.abs(offsetMinutes);
    suffix = `${sign}${pad(Math.floor(abs / 60))}${rng.pick([":", ":", "", "%3A"])}${pad(abs % 60)}`;
  }
  const text = `${date}${rng.chance(0.9) ? "T" : "t"}${time}${suffix}`;
  return { text: rng.chance(0.1) ? text.replaceAll(":", "%3A") : text, ms: read };
}

/** A timestamp the service must reject. */
function brokenInstant(rng: Rng, ms: number): string {
  const good = iso(ms);
  const date = good.slice(0, 10);
  const time = good.slice(11, 19);
  return rng.pick<() => string>([
    () => `${date}T${time}`,
    () => `${date}T${time}.123`,
    () => date,
    () => `${date}T${time}%2B0`,
    () => "2026-02-30T00:00:00Z",
    () => "2026-02-29T12:00:00Z",
    () => "2027-02-29T12:00:00Z",
    () => "2026-04-31T00:00:00Z",
    () => "2026-13-01T00:00:00Z",
    () => "2026-00-10T00:00:00Z",
    () => "2026-05-00T00:00:00Z",
    () => `${date}T25:00:00Z`,
    () => `${date}T24:00:00Z`,
    () => `${date}T23:60:00Z`,
    () => `${date}T23:59:60Z`,
    () => `${date}T12:00:00%2B24:00`,
    () => `${date}T12:00:00-05:60`,
    () => `${date}T12:00:00%2B5:30`,
    () => `${date}T12Z`,
    () => "99999-01-01T00:00:00Z",
    () => "%2B002026-05-01T00:00:00Z",
    () => `${date}%20${time}Z`,
    () => `${date}T${time}.1234567890Z`,
    () => `${date}T${time}.Z`,
    () => `${date}T${time}ZZ`,
    () => `${date}T${time}Z%00`,
    () => `%20${date}T${time}Z`,
    () => `${date}T${time}Z%20`,
    () => `${date}T${time}%2B02:00%5BEurope%2FBerlin%5D`,
    () => String(ms),
    () => "now",
    () => "",
    () => encode("２０２６-05-01T00:00:00Z"),
    () => `${date}T${time}${rng.pick(PERCENT_GARBAGE)}`,
    () => `${rng.pick(PERCENT_GARBAGE)}${date}T${time}Z`,
    () => encode(`${date}T${time}Z${rng.pick([...CONTROL_CHARS])}`),
    () => "x".repeat(10_240),
    () => `x${junk(rng)}`,
  ])();
}

/** Windows at the edges of the calendar: years 0000/0001 and 9999/10000 once offsets apply. */
function edgeWindow(rng: Rng): [string, string] {
  const year = rng.pick(["0000", "0001", "0002", "1582", "1900", "1969", "1970", "2038", "9998", "9999"]);
  const month = pad(rng.pick([1, 1, 2, 12, 12, rng.int(1, 12)]));
  const day = rng.int(1, 27);
  const offset = () => rng.pick(["Z", "%2B14:00", "%2B23:59", "-23:59", "-12:00", "%2B00:00"]);
  const from = `${year}-${month}-${pad(day)}T${pad(rng.int(0, 22))}:00:00${offset()}`;
  const to = `${year}-${month}-${pad(day + 1)}T${pad(rng.int(0, 23))}:59:59.999${offset()}`;
  return [from, to];
}

interface QueryCase {
  params: Param[];
  verdict: Verdict;
  semantics: PageSemantics | undefined;
  what: string[];
  /** The first thing that made the query invalid (or of unknown validity), to group findings by. */
  decisive?: string;
}

const worse = (a: Verdict, b: Verdict): Verdict =>
  a === "bad" || b === "bad" ? "bad" : a === "any" || b === "any" ? "any" : "ok";

/** The valid parameters of a query with these semantics (limit excluded), in random spellings. */
function semanticParams(
  rng: Rng,
  semantics: Omit<PageSemantics, "limit">,
  allowSubMillisecond: boolean,
): Param[] {
  const from = spellInstant(rng, semantics.from, allowSubMillisecond);
  const to = spellInstant(rng, semantics.to, allowSubMillisecond);
  const params: Param[] = [
    { name: "from", value: from.text },
    { name: "to", value: to.text },
  ];
  for (const [name, value] of Object.entries(semantics.filters)) params.push({ name, value: encode(value) });
  if (semantics.order === "desc" || rng.chance(0.3)) params.push({ name: "order", value: semantics.order });
  return params;
}

function windowPart(rng: Rng): QueryCase {
  const kind = rng.weighted([
    [70, "window"],
    [8, "broken timestamp"],
    [5, "reversed window"],
    [4, "window too long"],
    [3, "92-day window"],
    [5, "edge-year window"],
    [5, "missing from/to"],
  ] as const);
  const unit = rng.pick([1, 1000, 60_000, 3_600_000, DAY]);
  const start = Math.floor((world.now - 200 * DAY + rng.int(0, 240) * DAY + rng.int(0, DAY)) / unit) * unit;
  const between = (from: number, to: number, subMs = false): Param[] => [
    { name: "from", value: spellInstant(rng, from, subMs).text },
    { name: "to", value: spellInstant(rng, to, subMs).text },
  ];
  switch (kind) {
    case "window": {
      const length = rng.weighted<() => number>([
        [1, () => rng.int(2, 999)],
        [3, () => rng.int(1000, 3_600_000)],
        [4, () => rng.int(3_600_000, 14 * DAY)],
        [3, () => rng.int(14 * DAY, MAX_WINDOW - 2)],
      ])();
      const from = spellInstant(rng, start);
      const to = spellInstant(rng, start + length);
      return {
        params: [
          { name: "from", value: from.text },
          { name: "to", value: to.text },
        ],
        verdict: "ok",
        semantics: { from: from.ms, to: to.ms, limit: 100, order: "asc", filters: {} },
        what: [kind],
      };
    }
    case "92-day window":
      return {
        params: between(start, start + MAX_WINDOW),
        verdict: "ok",
        semantics: { from: start, to: start + MAX_WINDOW, limit: 100, order: "asc", filters: {} },
        what: [kind],
      };
    case "window too long":
      return {
        params: between(start, start + MAX_WINDOW + rng.int(2, 30 * DAY)),
        verdict: "bad",
        semantics: undefined,
        what: [kind],
      };
    case "reversed window":
      return {
        params: between(start, start - rng.int(0, 10 * DAY)),
        verdict: "bad",
        semantics: undefined,
        what: [kind],
      };
    case "broken timestamp": {
      const params = between(start, start + rng.int(1000, 10 * DAY));
      for (const param of rng.chance(0.2) ? params : [rng.pick(params)])
        param.value = brokenInstant(rng, start);
      return { params, verdict: "bad", semantics: undefined, what: [kind] };
    }
    case "edge-year window": {
      const [from, to] = edgeWindow(rng);
      return {
        params: [
          { name: "from", value: from },
          { name: "to", value: to },
        ],
        verdict: "any",
        semantics: undefined,
        what: [kind],
      };
    }
    case "missing from/to": {
      const params = between(start, start + DAY);
      return {
        params: rng.chance(0.2) ? [] : [rng.pick(params)],
        verdict: "bad",
        semantics: undefined,
        what: [kind],
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Filters, limit, order

function validIdentifier(rng: Rng, min = 1, max = 40): string {
  return rng.string(IDENTIFIER_CHARS, min, max);
}

function badIdentifier(rng: Rng): string {
  return rng.pick<() => string>([
    () => "",
    () => validIdentifier(rng, 129, 300),
    () =>
      encode(
        `${validIdentifier(rng, 0, 5)}${rng.pick([..." /?#&=+%,;'\"<>\\é中🚗", ...CONTROL_CHARS])}${validIdentifier(rng, 0, 5)}`,
      ),
    () => `${validIdentifier(rng, 0, 5)}${rng.pick(PERCENT_GARBAGE)}`,
    () => "+",
    () => "x".repeat(10_240),
  ])();
}

function identifierFilter(
  rng: Rng,
  name: "location_id" | "mva" | "vehicle_id",
): { param: Param; verdict: Verdict; value?: string } {
  const real = () => {
    if (name === "location_id") return rng.pick(world.locationIds);
    const task = rng.pick(world.tasks);
    return name === "mva" ? task.mva : task.vehicle_id;
  };
  const kind = rng.weighted([
    [8, "real"],
    [1, "random"],
    [1, "bad"],
  ] as const);
  if (kind === "bad") return { param: { name, value: badIdentifier(rng) }, verdict: "bad" };
  const value = kind === "real" ? real() : validIdentifier(rng);
  // An identifier's characters may be percent-encoded needlessly; it is still the same value.
  const spelled = rng.chance(0.1)
    ? [...value].map((c) => (rng.chance(0.3) ? `%${c.charCodeAt(0).toString(16)}` : c)).join("")
    : value;
  return { param: { name, value: spelled }, verdict: "ok", value };
}

function taskTypeFilter(rng: Rng): { param: Param; verdict: Verdict; value?: string } {
  const name = "task_type";
  const kind = rng.weighted([
    [7, "real"],
    [1, "random"],
    [1, "garbage"],
    [2, "bad"],
  ] as const);
  if (kind === "real" || kind === "random") {
    const value =
      kind === "real" ? rng.pick(world.taskTypes) : rng.string(PRINTABLE_ASCII + UNICODE_SAMPLE, 1, 60);
    return { param: { name, value: encode(value) }, verdict: "ok", value };
  }
  if (kind === "garbage") return { param: { name, value: rng.pick(PERCENT_GARBAGE) }, verdict: "any" };
  const bad = rng.pick<() => string>([
    () => "",
    () => "x".repeat(rng.int(129, 300)),
    () => "x".repeat(10_240),
    () => encode(`oil${rng.pick([...CONTROL_CHARS.replace("\u0085", "")])}change`),
    () => "%00",
    () => "%7F",
  ])();
  return { param: { name, value: bad }, verdict: "bad" };
}

function limitParam(rng: Rng): { param: Param; verdict: Verdict; limit?: number } {
  const name = "limit";
  const kind = rng.weighted([
    [7, "good"],
    [3, "bad"],
    [1, "leading zero"],
  ] as const);
  if (kind === "good") {
    // Mostly small pages: a full page of 500 costs far more to check than a page of 5.
    const limit = rng.pick([
      1,
      1,
      2,
      3,
      5,
      10,
      20,
      100,
      500,
      rng.int(1, 500),
      rng.int(1, 30),
      rng.int(1, 30),
    ]);
    return { param: { name, value: String(limit) }, verdict: "ok", limit };
  }
  if (kind === "leading zero") return { param: { name, value: `0${rng.int(1, 500)}` }, verdict: "any" };
  const value = rng.pick([
    "0",
    "501",
    "-1",
    "1e3",
    "1e2",
    "10.0",
    "%2010",
    "10%20",
    "+10",
    "%2B10",
    "1000",
    "99999",
    rng.string("0123456789", 20, 400),
    "",
    "abc",
    "0x10",
    encode("１０"),
    "1_0",
    "Infinity",
    "NaN",
    "null",
    "%00",
    "10%00",
    ...PERCENT_GARBAGE,
  ]);
  return { param: { name, value }, verdict: "bad" };
}

function orderParam(rng: Rng): { param: Param; verdict: Verdict; order?: "asc" | "desc" } {
  if (rng.chance(0.75)) {
    const order = rng.pick(["asc", "desc"] as const);
    return { param: { name: "order", value: order }, verdict: "ok", order };
  }
  const value = rng.pick(["ASC", "Desc", "", "ascending", "-1", "asc%20", "asc,desc", "random", junk(rng)]);
  return { param: { name: "order", value }, verdict: "bad" };
}

// ---------------------------------------------------------------------------------------------
// Mutations of a query

const UNKNOWN_NAMES = [
  "form",
  "From",
  "FROM",
  "limit%20",
  "page",
  "offset",
  "access_token",
  "token",
  "sort",
  "status",
  "location",
  "locationId",
  "task-type",
  "cursor%5B%5D",
  "from%5B%5D",
  "__proto__",
  "constructor",
  "",
  "%",
  "%zz",
  "fr%C3%B6m",
  encode("ünknown"),
  "a".repeat(300),
  "%00",
  encode("from\n"),
];

/** Spells a name with some of its characters percent-encoded: the same name to any parser. */
function respell(rng: Rng, name: string): string {
  const spelled = [...name]
    .map((c) => (rng.chance(0.4) ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : c))
    .join("");
  return spelled === name ? `%${name.charCodeAt(0).toString(16)}${name.slice(1)}` : spelled;
}

function mutate(rng: Rng, query: QueryCase): void {
  const known = query.params.filter((p) => p.name !== "");
  const kind = rng.weighted([
    [5, "unknown parameter"],
    [4, "repeated parameter"],
    [3, "encoded name"],
    [2, "stray &"],
    [3, "junk value"],
    [1, "10 kB value"],
    [2, "empty value"],
    [1, "name without ="],
  ] as const);
  const victim = known.length > 0 ? rng.pick(known) : undefined;
  // An earlier mutation may have added a junk name that does not decode; it names nothing known.
  const bareName = (p: Param) => {
    try {
      return decodeURIComponent(p.name);
    } catch {
      return p.name;
    }
  };
  switch (kind) {
    case "unknown parameter":
      query.params.push({
        name: rng.chance(0.8) ? rng.pick(UNKNOWN_NAMES) : `x${junk(rng).slice(0, 50)}`,
        value: rng.chance(0.5) ? "1" : junk(rng),
      });
      query.verdict = "bad";
      break;
    case "repeated parameter":
      if (!victim) return;
      query.params.push({ name: victim.name, value: rng.chance(0.5) ? victim.value : junk(rng) });
      query.verdict = "bad";
      break;
    case "encoded name":
      if (!victim) return;
      victim.name = respell(rng, bareName(victim));
      break;
    case "stray &":
      query.params.splice(rng.int(0, query.params.length), 0, { name: "", value: undefined });
      break;
    case "junk value":
      if (!victim) return;
      victim.value = junk(rng);
      // Junk can happen to be a well-formed value (task types are free text; "C3" is a fine
      // identifier that matches nothing): then any answer is right.
      query.verdict = worse(
        query.verdict,
        bareName(victim) === "task_type" ||
          (IDENTIFIER_NAMES.includes(bareName(victim)) && /^[A-Za-z0-9._:-]{1,128}$/.test(victim.value ?? ""))
          ? "any"
          : "bad",
      );
      break;
    case "10 kB value":
      if (!victim) return;
      victim.value = "y".repeat(10_240);
      query.verdict = "bad";
      break;
    case "empty value":
      if (!victim) return;
      victim.value = "";
      query.verdict = "bad";
      break;
    case "name without =":
      if (!victim) return;
      victim.value = undefined;
      query.verdict = "bad";
      break;
  }
  query.what.push(kind);
  if (query.verdict !== "ok") {
    query.semantics = undefined;
    query.decisive ??= kind;
  }
}

// ---------------------------------------------------------------------------------------------
// Cursors

function flipOne(rng: Rng, cursor: string): string {
  const dot = cursor.indexOf(".");
  const position = rng.chance(0.4)
    ? rng.pick([dot - 1, cursor.length - 1, 0, dot + 1])
    : rng.int(0, cursor.length - 1);
  const original = cursor[position];
  const replacement = rng.pick([...`${BASE64URL_CHARS}.=~!*`].filter((c) => c !== original));
  return cursor.slice(0, position) + replacement + cursor.slice(position + 1);
}

function cursorQuery(rng: Rng): QueryCase {
  const source = rng.pick(world.cursors);
  const semantics: Omit<PageSemantics, "limit"> = {
    ...source.semantics,
    filters: { ...source.semantics.filters },
  };
  const kind = rng.weighted([
    [6, "cursor with its query"],
    [3, "cursor with another window, filter or order"],
    [2, "cursor of another query"],
    [1, "truncated cursor"],
    [3, "cursor with one character changed"],
    [1, "cursor with a character appended"],
    [1, "random base64url cursor"],
    [1, "junk cursor"],
  ] as const);
  let cursor = source.cursor;
  let verdict: Verdict = "bad";
  switch (kind) {
    case "cursor with its query":
      verdict = "ok";
      break;
    case "cursor with another window, filter or order": {
      const change = rng.pick(["from", "to", "order", "location_id", "task_type", "mva"] as const);
      if (change === "from") semantics.from -= rng.int(1, DAY);
      else if (change === "to") semantics.to -= rng.int(1, DAY);
      else if (change === "order") semantics.order = semantics.order === "asc" ? "desc" : "asc";
      else if (change === "mva") semantics.filters.mva = rng.pick(world.tasks).mva;
      else if (semantics.filters[change] !== undefined) delete semantics.filters[change];
      else
        semantics.filters[change] =
          change === "task_type" ? rng.pick(world.taskTypes) : rng.pick(world.locationIds);
      break;
    }
    case "cursor of another query": {
      const other = rng.pick(world.cursors.filter((c) => c !== source));
      cursor = other.cursor;
      break;
    }
    case "truncated cursor":
      cursor = cursor.slice(0, rng.int(0, cursor.length - 1));
      break;
    case "cursor with one character changed":
      cursor = flipOne(rng, cursor);
      break;
    case "cursor with a character appended":
      cursor += rng.pick(["=", "==", "!", "A", ".", "~", " "]);
      break;
    case "random base64url cursor":
      cursor = `${rng.string(BASE64URL_CHARS, 1, 120)}.${rng.string(BASE64URL_CHARS, 1, 30)}`;
      break;
    case "junk cursor":
      cursor = `${junk(rng)}`;
      break;
  }
  const params = semanticParams(rng, semantics, false);
  const limit = rng.chance(0.6) ? rng.int(1, 500) : 100;
  if (limit !== 100 || rng.chance(0.2)) params.push({ name: "limit", value: String(limit) });
  params.push({ name: "cursor", value: kind === "junk cursor" ? cursor : encode(cursor) });
  return {
    params,
    verdict,
    semantics: verdict === "ok" ? { ...semantics, limit, after: cursorPosition(source.cursor) } : undefined,
    what: [kind],
  };
}

/** The position inside a cursor (its payload is base64url JSON; opaque to clients, not to tests). */
function cursorPosition(cursor: string): { started_at: string; id: string } {
  const payload = JSON.parse(Buffer.from(cursor.split(".")[0] ?? "", "base64url").toString("utf8")) as {
    s: string;
    i: string;
  };
  return { started_at: payload.s, id: payload.i };
}

// ---------------------------------------------------------------------------------------------
// Checks of a page

function checkPage(semantics: PageSemantics) {
  return (response: LightMyRequestResponse): string | undefined => {
    if (response.body === "") return undefined; // HEAD
    const page = response.json<{ data: Task[]; next_cursor: string | null }>();
    if (page.data.length > semantics.limit)
      return `page too long: ${page.data.length} > limit ${semantics.limit}`;
    if (page.next_cursor !== null && page.data.length !== semantics.limit)
      return `next_cursor on a short page: ${page.data.length} < limit ${semantics.limit}`;
    const key = (t: { started_at: string; id: string }) => [Date.parse(t.started_at), t.id] as const;
    const compare = (a: readonly [number, string], b: readonly [number, string]) =>
      a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    const direction = semantics.order === "asc" ? 1 : -1;
    let previous = semantics.after ? key(semantics.after) : undefined;
    for (const task of page.data) {
      const at = Date.parse(task.started_at);
      if (at < semantics.from || at >= semantics.to)
        return `task outside the window: ${task.id} at ${task.started_at} not in [${iso(semantics.from)}, ${iso(semantics.to)})`;
      const actual: Record<FilterName, string> = {
        location_id: task.location.id,
        mva: task.mva,
        vehicle_id: task.vehicle_id,
        task_type: task.task_type,
      };
      for (const [name, value] of Object.entries(semantics.filters) as [FilterName, string][]) {
        if (actual[name] !== value)
          return `task not matching the filter: ${task.id} has ${name} ${actual[name]}, asked ${value}`;
      }
      const current = key(task);
      if (previous && compare(current, previous) * direction <= 0)
        return `tasks out of ${semantics.order} order or behind the cursor: ${task.id} at ${task.started_at}`;
      previous = current;
    }
    return undefined;
  };
}

// ---------------------------------------------------------------------------------------------
// Authorization

type AuthKind = "full" | "tasks" | "locations" | "none" | "invalid";

function authorization(rng: Rng, kind: AuthKind): Record<string, string> {
  if (kind === "none") return {};
  if (kind === "invalid") return { authorization: invalidAuthorization(rng) };
  const token = world.tokens[kind];
  const scheme = rng.weighted([
    [10, "Bearer "],
    [1, "bearer "],
    [1, "BEARER  "],
  ] as const);
  return { authorization: `${scheme}${token}` };
}

function invalidAuthorization(rng: Rng): string {
  const b64url = (min: number, max: number) => rng.string(BASE64URL_CHARS, min, max);
  return rng.pick<() => string>([
    () => junk(rng).slice(0, 500),
    () => "Bearer",
    () => "Bearer ",
    () => `Bearer ${b64url(1, 400)}`,
    () => `Bearer ${b64url(10, 60)}.${b64url(10, 200)}.${b64url(10, 90)}`,
    () => `Bearer eyJhbGciOiJub25lIn0.${Buffer.from('{"sub":"sandbox-full"}').toString("base64url")}.`,
    () => `Bearer ${world.tokens.full}x`,
    () => `Bearer ${world.tokens.full.slice(0, -2)}`,
    () => `Bearer ${world.tokens.full.split(".").reverse().join(".")}`,
    () => `Token ${world.tokens.full}`,
    () => world.tokens.full,
    () => basicAuth("sandbox-full", "sandbox-full-secret"),
    () => `Basic ${rng.bytes(rng.int(0, 60)).toString("base64")}`,
    () => `Bearer ${world.tokens.full} ${world.tokens.full}`,
    () => `Bearer ${"A".repeat(8_000)}`,
    () => `Bearer ${rng.string(UNICODE_SAMPLE, 1, 20)}`,
  ])();
}

function authKind(rng: Rng): AuthKind {
  return rng.weighted([
    [86, "full"],
    [4, "tasks"],
    [4, "locations"],
    [3, "none"],
    [3, "invalid"],
  ] as const);
}

/** The check order of decisions.md: token (401), rate limit, scope (403), then the request itself. */
function expectedFor(
  auth: AuthKind,
  scope: "tasks:read" | "locations:read",
  verdict: Verdict,
  ok: Expected = 200,
): Expected {
  if (auth === "none" || auth === "invalid") return 401;
  if ((auth === "locations" && scope === "tasks:read") || (auth === "tasks" && scope === "locations:read"))
    return 403;
  return verdict === "ok" ? ok : verdict === "bad" ? 400 : "any";
}

function requestIdHeader(rng: Rng): Record<string, string> {
  if (!rng.chance(0.05)) return {};
  const value = rng.chance(0.5)
    ? rng.string(IDENTIFIER_CHARS, 8, 64)
    : rng.pick(["short", "x".repeat(65), "bad id with spaces", rng.string(PRINTABLE_ASCII, 1, 80)]);
  return { "x-request-id": value };
}

// ---------------------------------------------------------------------------------------------
// Generators of whole cases

function taskListCase(rng: Rng): FuzzCase {
  const withCursor = rng.chance(0.15);
  const query: QueryCase = withCursor ? cursorQuery(rng) : windowPart(rng);
  if (query.verdict !== "ok") query.decisive = query.what[0];
  if (!withCursor) {
    let semantics = query.semantics;
    const add = (part: { param: Param; verdict: Verdict }, what: string) => {
      query.params.push(part.param);
      query.verdict = worse(query.verdict, part.verdict);
      if (part.verdict !== "ok") {
        query.what.push(what);
        query.decisive ??= what;
      }
    };
    for (const name of ["location_id", "mva", "vehicle_id"] as const) {
      if (!rng.chance(name === "location_id" ? 0.3 : 0.1)) continue;
      const filter = identifierFilter(rng, name);
      add(filter, `bad ${name}`);
      if (semantics && filter.value !== undefined) semantics.filters[name] = filter.value;
    }
    if (rng.chance(0.25)) {
      const filter = taskTypeFilter(rng);
      add(filter, "bad task_type");
      if (semantics && filter.value !== undefined) semantics.filters.task_type = filter.value;
    }
    if (rng.chance(0.6)) {
      const limit = limitParam(rng);
      add(limit, `limit ${decodeURIComponentSafe(limit.param.value ?? "")}`.slice(0, 30));
      if (semantics && limit.limit !== undefined) semantics.limit = limit.limit;
    }
    if (rng.chance(0.3)) {
      const order = orderParam(rng);
      add(order, "bad order");
      if (semantics && order.order !== undefined) semantics.order = order.order;
    }
    if (query.verdict !== "ok") semantics = undefined;
    query.semantics = semantics;
  }
  if (rng.chance(0.3)) for (let i = rng.int(1, 3); i > 0; i--) mutate(rng, query);
  const params = rng.shuffle(query.params);
  const auth = authKind(rng);
  const method = rng.chance(0.1) ? "HEAD" : "GET";
  const url = `/v1/tasks${params.length > 0 || rng.chance(0.5) ? "?" : ""}${queryText(params)}`;
  const expected = expectedFor(auth, "tasks:read", query.verdict);
  const semantics = query.semantics;
  return {
    group: `GET /v1/tasks [${query.decisive ?? query.what[0]}]${auth === "full" || auth === "tasks" ? "" : ` as ${auth}`}`,
    what: `${query.what.join(", ")}; token ${auth}`,
    request: { method, url, headers: { ...authorization(rng, auth), ...requestIdHeader(rng) } },
    expected,
    check: semantics && expected === 200 ? checkPage(semantics) : undefined,
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function taskByIdCase(rng: Rng): FuzzCase {
  const kind = rng.weighted([
    [30, "real id"],
    [6, "real id, needlessly encoded"],
    [15, "unknown id"],
    [5, "unknown id of 101-128 characters"],
    [5, "id over 128 characters"],
    [14, "id with a forbidden character"],
    [8, "id with bad percent-encoding"],
    [4, "dot segments"],
    [6, "real id with a query"],
  ] as const);
  const real = rng.pick(world.tasks).id;
  let segment: string;
  let verdict: Verdict | "missing" = "ok";
  let query = "";
  switch (kind) {
    case "real id":
      segment = real;
      break;
    case "real id, needlessly encoded":
      segment = respell(rng, real);
      break;
    case "unknown id":
      segment = `zz${validIdentifier(rng, 1, 98)}`;
      verdict = "missing";
      break;
    case "unknown id of 101-128 characters":
      segment = `zz${validIdentifier(rng, 99, 126)}`;
      verdict = "missing";
      break;
    case "id over 128 characters":
      segment = validIdentifier(rng, 129, rng.pick([200, 2_000]));
      verdict = "bad";
      break;
    case "id with a forbidden character":
      segment = encode(
        `${validIdentifier(rng, 0, 8)}${rng.pick([..." /?#&=+%,;'\"<>\\[]{}|^`~!$*()@", ...UNICODE_SAMPLE, ...CONTROL_CHARS])}${validIdentifier(rng, 0, 8)}`,
      );
      verdict = "bad";
      break;
    case "id with bad percent-encoding":
      segment = `${validIdentifier(rng, 0, 8)}${rng.pick(PERCENT_GARBAGE.filter((g) => g !== "%00"))}${validIdentifier(rng, 0, 8)}`;
      verdict = "bad";
      break;
    case "dot segments":
      segment = rng.pick([".", "..", "%2e", "%2E%2E", ".%2e", "...", "..%2F..%2Fhealthz"]);
      verdict = "any";
      break;
    case "real id with a query":
      segment = real;
      query = rng.pick([
        "?",
        "?&",
        `?${rng.pick(UNKNOWN_NAMES.filter((n) => n !== ""))}=1`,
        "?from=2026-01-01T00:00:00Z",
        `?id=${real}`,
      ]);
      verdict = query === "?" || query === "?&" ? "ok" : "bad";
      break;
  }
  const auth = authKind(rng);
  const method = rng.chance(0.1) ? "HEAD" : "GET";
  const url = `/v1/tasks/${segment}${query}`;
  // Dot segments are resolved before the request leaves the client ("/v1/tasks/.." is "/v1/"),
  // so the answer may be any documented one; the invariants still apply.
  const expected =
    kind === "dot segments"
      ? "any"
      : verdict === "missing"
        ? expectedFor(auth, "tasks:read", "ok", 404)
        : expectedFor(auth, "tasks:read", verdict);
  return {
    group: `GET /v1/tasks/{id} [${kind}]${auth === "full" || auth === "tasks" ? "" : ` as ${auth}`}`,
    what: `token ${auth}`,
    request: { method, url, headers: { ...authorization(rng, auth), ...requestIdHeader(rng) } },
    expected,
    check:
      expected === 200 && method === "GET"
        ? (response) => {
            const id = response.json<{ id: string }>().id;
            return id === real ? undefined : `wrong task: asked ${real}, got ${id}`;
          }
        : undefined,
  };
}

function locationsCase(rng: Rng): FuzzCase {
  const kind = rng.weighted([
    [4, "no query"],
    [2, "empty query"],
    [4, "task parameters"],
    [3, "token as a query parameter"],
    [5, "junk parameters"],
  ] as const);
  let query = "";
  let verdict: Verdict = "bad";
  switch (kind) {
    case "no query":
      verdict = "ok";
      break;
    case "empty query":
      query = rng.pick(["?", "?&", "?&&&"]);
      verdict = "ok";
      break;
    case "task parameters":
      query = `?${rng.pick(["from=2026-01-01T00:00:00Z", "limit=10", "cursor=abc", "order=asc", "location_id=x", "id=1"])}`;
      break;
    case "token as a query parameter":
      query = `?${rng.pick(["access_token", "token", "bearer"])}=${world.tokens.full}`;
      break;
    case "junk parameters":
      query = `?${Array.from({ length: rng.int(1, 4) }, () => `${rng.pick(UNKNOWN_NAMES.filter((n) => n !== ""))}=${junk(rng)}`).join("&")}`;
      break;
  }
  const auth = authKind(rng);
  const method = rng.chance(0.15) ? "HEAD" : "GET";
  return {
    group: `GET /v1/locations [${kind}]${auth === "full" || auth === "locations" ? "" : ` as ${auth}`}`,
    what: `token ${auth}`,
    request: {
      method,
      url: `/v1/locations${query}`,
      headers: { ...authorization(rng, auth), ...requestIdHeader(rng) },
    },
    expected: expectedFor(auth, "locations:read", verdict),
    check:
      verdict === "ok" && method === "GET"
        ? (response) =>
            response.statusCode !== 200 ||
            response.json<{ data: unknown[] }>().data.length === world.locationIds.length
              ? undefined
              : "a different number of locations"
        : undefined,
  };
}

interface Body {
  contentType: string | undefined;
  payload: string | Buffer;
  /** Fastify cannot read it (bad JSON, unknown media type, too large). */
  unreadable: boolean;
}

function randomBody(rng: Rng): Body {
  return rng.pick<() => Body>([
    () => ({
      contentType: "application/json",
      payload: '{"from":"2026-01-01T00:00:00Z"}',
      unreadable: false,
    }),
    () => ({ contentType: "application/json", payload: "{", unreadable: true }),
    () => ({
      contentType: "application/json; charset=utf-8",
      payload: '{"__proto__":{"x":1}}',
      unreadable: true,
    }),
    () => ({ contentType: "text/plain", payload: junk(rng), unreadable: false }),
    () => ({ contentType: "application/xml", payload: "<task/>", unreadable: true }),
    () => ({ contentType: "application/x-www-form-urlencoded", payload: "a=b", unreadable: true }),
    () => ({
      contentType: "multipart/form-data; boundary=x",
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      unreadable: true,
    }),
    () => ({
      contentType: "application/octet-stream",
      payload: rng.bytes(rng.int(1, 300)),
      unreadable: true,
    }),
    () => ({ contentType: undefined, payload: `x${junk(rng)}`, unreadable: true }),
    () => ({
      contentType: "application/json",
      payload: JSON.stringify({ big: "z".repeat(70 * 1024) }),
      unreadable: true,
    }),
  ])();
}

const V1_PATHS = [
  "/v1/tasks",
  "/v1/locations",
  "REAL_TASK",
  "/v1/tasks/zz-unknown",
  "/v1/",
  "/v1/unknown",
  "/v1/tasks/",
  "/v1/locations/",
  "REAL_LOCATION",
  "/v1/tasks/a/b",
  "/v1//tasks",
  "/v1/TASKS",
  "/v1/Tasks/x",
  "/v1/tasks;x=1",
  "/v1/tasks%2F",
  "/v1/tasks/%2e%2e/locations",
  "/v1/openapi.yaml",
  "/v1/tasks/T-1/%zz",
  "/v1/%zz",
  "/v1/%C3",
  "/v1/tasks/%FF",
  `/v1/${encode("é中🚗")}`,
];
const OTHER_PATHS = [
  "/v1",
  "/V1/tasks",
  "/v2/tasks",
  "/",
  "/healthz",
  "/metrics",
  "/openapi.yaml",
  "/.well-known/jwks.json",
  "/oauth/token",
  "/v1/%2e%2e/healthz",
  "/oauth/%zz",
];

const isV1Path = (routed: string) => routed === "/v1" || routed.startsWith("/v1/");

function hasBadEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function surfaceCase(rng: Rng): FuzzCase {
  const template = rng.chance(0.8) ? rng.pick(V1_PATHS) : rng.pick(OTHER_PATHS);
  const path =
    template === "REAL_TASK"
      ? `/v1/tasks/${rng.pick(world.tasks).id}`
      : template === "REAL_LOCATION"
        ? `/v1/locations/${rng.pick(world.locationIds)}`
        : template;
  const method = rng.pick(METHODS);
  const auth = rng.weighted([
    [5, "full"],
    [1, "tasks"],
    [1, "locations"],
    [2, "none"],
    [3, "invalid"],
  ] as const);
  const headers: Record<string, string> = { ...authorization(rng, auth), ...requestIdHeader(rng) };
  let payload: string | Buffer | undefined;
  let unreadable = false;
  if (method !== "GET" && method !== "HEAD" && rng.chance(0.6)) {
    const body = randomBody(rng);
    if (body.contentType !== undefined) headers["content-type"] = body.contentType;
    payload = body.payload;
    unreadable = body.unreadable;
  }
  const url = rng.chance(0.25)
    ? `${path}?${rng.pick(UNKNOWN_NAMES.filter((n) => n !== ""))}=${junk(rng).slice(0, 100)}`
    : path;
  const routed = routedPath(url);
  const authenticated = auth === "full" || auth === "tasks" || auth === "locations";
  const isV1 = isV1Path(routed);
  let expected: Expected = "any";
  if (isV1) {
    const taskPath = /^\/v1\/tasks\/[^/]+$/.test(routed);
    if (!authenticated) expected = 401;
    else if (hasBadEncoding(path)) expected = "4xx";
    else if (method !== "GET" && method !== "HEAD") expected = 405;
    else if (routed === "/v1/tasks") expected = auth === "locations" ? 403 : 400;
    else if (routed === "/v1/locations") expected = auth === "tasks" ? 403 : url.includes("?") ? 400 : 200;
    else if (taskPath && auth === "locations") expected = 403;
    else if (taskPath && url.includes("?")) expected = 400;
    else if (taskPath && template === "REAL_TASK") expected = 200;
    else if (
      ["/v1", "/v1/", "/v1/unknown", "/v1/tasks/a/b", "/v1/openapi.yaml", "/v1/tasks/zz-unknown"].includes(
        routed,
      )
    )
      expected = 404;
    else expected = "4xx";
  } else if (["/V1/tasks", "/v2/tasks", "/"].includes(routed)) {
    // Outside /v1 nothing says whether an unreadable body or the unknown path is reported first.
    expected = payload === undefined ? 404 : "4xx";
  } else if (routed === "/oauth/token" && method !== "POST") {
    expected = payload === undefined ? 405 : "4xx";
  }
  const pathClass = !isV1
    ? routed === "/oauth/token"
      ? "/oauth/token"
      : "another path"
    : hasBadEncoding(path)
      ? "a badly percent-encoded /v1 path"
      : "a /v1 path";
  const methodClass =
    method === "GET" || method === "HEAD"
      ? "GET/HEAD"
      : method === "OPTIONS"
        ? "OPTIONS"
        : "POST/PUT/PATCH/DELETE";
  return {
    group: `${methodClass} on ${pathClass}${authenticated ? "" : " without a valid token"}${unreadable ? " with an unreadable body" : ""}`,
    what: `${template}, token ${auth}${payload === undefined ? "" : ", with a body"}`,
    request: { method, url, headers, ...(payload === undefined ? {} : { payload }) },
    expected,
    contract:
      isDocumented({ method, url, headers }) && (method === "GET" || method === "HEAD" || expected === 405),
    check:
      expected === 405 && isV1
        ? (response) =>
            response.headers.allow === "GET, HEAD" ? undefined : `Allow: ${String(response.headers.allow)}`
        : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// POST /oauth/token

const ACTIVE_CLIENTS = ["sandbox-full", "sandbox-tasks", "sandbox-locations", "sandbox-special"];
const SCOPE_VALUES = [
  "tasks:read",
  "locations:read",
  "tasks:read locations:read",
  "locations:read tasks:read",
  "tasks:read tasks:read",
  "locations:read  tasks:read",
  " tasks:read",
  "",
  " ",
  "admin",
  "tasks:write",
  "TASKS:READ",
  "tasks:read,locations:read",
  "openid",
];
const GRANT_TYPES = [
  "client_credentials",
  "client_credentials",
  "client_credentials",
  "CLIENT_CREDENTIALS",
  "client_credentials ",
  "password",
  "authorization_code",
  "refresh_token",
  "urn:ietf:params:oauth:grant-type:jwt-bearer",
  "",
];
const FORM = "application/x-www-form-urlencoded";
const FORM_TYPES = [
  FORM,
  FORM,
  FORM,
  `${FORM}; charset=utf-8`,
  "APPLICATION/X-WWW-FORM-URLENCODED",
  `${FORM};charset=UTF-8`,
  `${FORM}; charset=iso-8859-1`,
];
const OTHER_TYPES = [
  "application/json",
  "multipart/form-data; boundary=b",
  "text/plain",
  "application/xml",
  `${FORM}2`,
  `${FORM}-x`,
  "form",
  "*/*",
  "",
  undefined,
];

type BasicHeader =
  | { kind: "none" }
  | { kind: "credentials"; clientId: string; secret: string; header: string }
  | { kind: "malformed"; header: string }
  | { kind: "unsupported"; header: string }
  | { kind: "unknown"; header: string };

/** application/x-www-form-urlencoded decoding as WHATWG defines it: a bad escape stays as written. */
const formDecoded = (text: string) => new URLSearchParams(`v=${text}`).get("v") ?? "";

function basicHeader(rng: Rng, clientId: string, secret: string): BasicHeader {
  const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  const variant = rng.weighted([
    [10, "encoded"],
    [2, "lowercase scheme"],
    [2, "random bytes"],
    [2, "no colon"],
    [2, "percent garbage"],
    [1, "huge"],
    [2, "not base64"],
    [1, "another scheme"],
    [1, "NUL in client_id"],
    [1, "raw non-ASCII"],
    [1, "two spaces"],
    [1, "no padding"],
  ] as const);
  switch (variant) {
    case "encoded":
      return { kind: "credentials", clientId, secret, header: basicAuth(clientId, secret) };
    case "lowercase scheme":
      return {
        kind: "credentials",
        clientId,
        secret,
        header: basicAuth(clientId, secret).replace("Basic", "basic"),
      };
    case "random bytes":
      return { kind: "unknown", header: `Basic ${rng.bytes(rng.int(1, 90)).toString("base64")}` };
    case "no colon":
      return {
        kind: "malformed",
        header: `Basic ${b64(rng.string(IDENTIFIER_CHARS.replace(":", ""), 0, 40))}`,
      };
    case "percent garbage": {
      // Decoded like the form body, so these are credentials that match no client.
      const garbage = rng.pick(["%", "%zz", "%C3", "%FF", "%ED%A0%80", "%C0%AF", "%2"]);
      const [id, password] = rng.chance(0.5) ? [`${clientId}${garbage}`, secret] : [clientId, `x${garbage}`];
      return {
        kind: "credentials",
        clientId: formDecoded(id),
        secret: formDecoded(password),
        header: `Basic ${b64(`${id}:${password}`)}`,
      };
    }
    case "another scheme":
      return {
        kind: "unsupported",
        header: rng.pick([`Bearer ${world.tokens.full}`, "Digest x", "Negotiate"]),
      };
    case "huge": {
      const id = rng.string(IDENTIFIER_CHARS.replace(":", ""), 5_000, 7_000);
      return { kind: "credentials", clientId: id, secret, header: basicAuth(id, secret) };
    }
    case "not base64":
      return {
        kind: "malformed",
        header: rng.pick([
          "Basic",
          "Basic ",
          "Basic !!!!",
          "Basic a-b_c",
          `Basic ${b64(clientId)}:${secret}`,
        ]),
      };
    case "NUL in client_id": {
      const id = `${clientId}\u0000`;
      return {
        kind: "credentials",
        clientId: id,
        secret,
        header: rng.chance(0.5) ? basicAuth(id, secret) : `Basic ${b64(`${clientId}%00:${encode(secret)}`)}`,
      };
    }
    case "raw non-ASCII":
      return { kind: "credentials", clientId: "é中", secret: "ü🚗", header: `Basic ${b64("é中:ü🚗")}` };
    case "two spaces":
      return { kind: "unknown", header: basicAuth(clientId, secret).replace(" ", "  ") };
    case "no padding":
      return { kind: "unknown", header: basicAuth(clientId, secret).replace(/=+$/, "") };
  }
}

interface Outcome {
  status: number;
  error?: string;
}

/**
 * What RFC 6749 and decisions.md allow as the answer: every fault present is an acceptable answer
 * (the order in which the service checks them is its own business); no fault means 200.
 */
function tokenOutcomes(
  sentFields: [string, string][],
  basic: BasicHeader,
  isForm: boolean,
  urlHasQuery: boolean,
  bodyBytes: number,
): Outcome[] | "any" {
  // RFC 6749 3.2: a parameter sent without a value counts as not sent.
  const fields = sentFields.filter(([, value]) => value !== "");
  const invalidRequest = { status: 400, error: "invalid_request" };
  if (bodyBytes > 8 * 1024) return [invalidRequest];
  const faults: Outcome[] = [];
  if (urlHasQuery) faults.push(invalidRequest);
  if (!isForm) return [invalidRequest];
  if (basic.kind === "unknown") return "any";
  const names = fields.map(([name]) => name);
  if (new Set(names).size !== names.length) faults.push(invalidRequest);
  const field = (name: string) => fields.find(([n]) => n === name)?.[1];
  if (basic.kind === "malformed") faults.push(invalidRequest);
  // RFC 6749 5.2: an unsupported client authentication method is invalid_client.
  if (basic.kind === "unsupported") faults.push({ status: 401, error: "invalid_client" });
  const formCredentials = field("client_id") !== undefined || field("client_secret") !== undefined;
  if (basic.kind === "credentials" && formCredentials) faults.push(invalidRequest);
  const grant = field("grant_type");
  if (grant === undefined) faults.push(invalidRequest);
  else if (grant !== "client_credentials") faults.push({ status: 400, error: "unsupported_grant_type" });
  if (
    basic.kind !== "malformed" &&
    basic.kind !== "unsupported" &&
    !(basic.kind === "credentials" && formCredentials)
  ) {
    const clientId = basic.kind === "credentials" ? basic.clientId : field("client_id");
    const secret = basic.kind === "credentials" ? basic.secret : field("client_secret");
    const fixture = SANDBOX_FIXTURES.find((f) => f.client_id === clientId);
    if (!fixture || fixture.secret !== secret || fixture.revoked || fixture.expired) {
      faults.push({ status: 401, error: "invalid_client" });
    } else {
      const scope = field("scope");
      if (scope !== undefined) {
        const wanted = scope.split(" ");
        const wellFormed = wanted.every((s) => s !== "");
        const known = wanted.filter((s) => s !== "");
        if (known.length === 0 || known.some((s) => !fixture.scopes.includes(s))) {
          faults.push({ status: 400, error: "invalid_scope" });
          if (!wellFormed) faults.push(invalidRequest);
        } else if (!wellFormed && faults.length === 0) {
          // RFC 6749 3.3 separates scope tokens by one space; accepting "a  b" is as fine as refusing it.
          return [{ status: 200 }, { status: 400, error: "invalid_scope" }, invalidRequest];
        }
      }
    }
  }
  return faults.length === 0 ? [{ status: 200 }] : faults;
}

function formBody(rng: Rng, fields: [string, string][]): string {
  return fields
    .map(([name, value]) => {
      const spell = (text: string) =>
        rng.chance(0.9) ? encode(text).replace(/%20/g, rng.chance(0.5) ? "+" : "%20") : text;
      return `${spell(name)}=${spell(value)}`;
    })
    .join("&");
}

function tokenCase(rng: Rng): FuzzCase {
  const kind = rng.weighted([
    [12, "valid request"],
    [30, "random form"],
    [10, "other content type"],
    [14, "random Basic header"],
    [8, "repeated parameter"],
    [4, "parameters in the URL"],
    [8, "hostile values"],
    [6, "unsupported grant"],
    [3, "oversized body"],
  ] as const);
  const clientId = rng.chance(0.85)
    ? rng.pick(ACTIVE_CLIENTS)
    : rng.pick(["sandbox-revoked", "sandbox-expired", "nobody", validIdentifier(rng)]);
  const fixture = SANDBOX_FIXTURES.find((f) => f.client_id === clientId);
  const secret =
    fixture && rng.chance(0.9)
      ? fixture.secret
      : rng.pick(["wrong", "", `${fixture?.secret ?? "x"} `, rng.string(PRINTABLE_ASCII, 1, 60)]);
  const fields: [string, string][] = [["grant_type", "client_credentials"]];
  let basic: BasicHeader = { kind: "none" };
  const useBasic = rng.chance(0.6);
  if (useBasic) basic = { kind: "credentials", clientId, secret, header: basicAuth(clientId, secret) };
  else fields.push(["client_id", clientId], ["client_secret", secret]);
  if (rng.chance(0.4)) fields.push(["scope", rng.pick(SCOPE_VALUES)]);
  let contentType: string | undefined = rng.pick(FORM_TYPES);
  let urlQuery = "";
  let payload: string | undefined;

  switch (kind) {
    case "valid request":
      break;
    case "random form": {
      fields.length = 0;
      const pool: [string, () => string][] = [
        ["grant_type", () => rng.pick(GRANT_TYPES)],
        [
          "client_id",
          () =>
            rng.pick([clientId, ...ACTIVE_CLIENTS, "", rng.string(UNICODE_SAMPLE + PRINTABLE_ASCII, 1, 30)]),
        ],
        ["client_secret", () => rng.pick([secret, "", ...SANDBOX_FIXTURES.map((f) => f.secret)])],
        ["scope", () => rng.pick(SCOPE_VALUES)],
        ["username", () => "u"],
        ["password", () => "p"],
        ["refresh_token", () => "r"],
        ["redirect_uri", () => "https://evil.example/"],
        ["GRANT_TYPE", () => "client_credentials"],
        ["grant-type", () => "client_credentials"],
        ["", () => "x"],
        ["client_id[]", () => clientId],
        [rng.string(UNICODE_SAMPLE + PRINTABLE_ASCII, 1, 12), () => rng.string(PRINTABLE_ASCII, 0, 20)],
      ];
      for (const [name, value] of rng.shuffle(pool)) if (rng.chance(0.35)) fields.push([name, value()]);
      if (rng.chance(0.15) && fields.length > 0) fields.push(rng.pick(fields));
      basic = rng.chance(0.5) ? { kind: "none" } : basicHeader(rng, clientId, secret);
      break;
    }
    case "other content type": {
      contentType = rng.pick(OTHER_TYPES);
      if (contentType === "application/json") payload = JSON.stringify(Object.fromEntries(fields));
      else if (contentType?.startsWith("multipart/"))
        payload =
          fields
            .map(([n, v]) => `--b\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
            .join("") + "--b--\r\n";
      break;
    }
    case "random Basic header":
      if (!useBasic) fields.splice(1, 2);
      basic = basicHeader(rng, clientId, secret);
      break;
    case "repeated parameter": {
      const repeated = rng.pick(fields);
      fields.splice(rng.int(0, fields.length), 0, [repeated[0], rng.chance(0.5) ? repeated[1] : "other"]);
      break;
    }
    case "parameters in the URL":
      urlQuery = rng.pick([
        "?",
        "?grant_type=client_credentials",
        `?client_secret=${encode(secret)}`,
        "?x=1",
      ]);
      break;
    case "hostile values": {
      const target = rng.pick(fields);
      target[1] = rng.pick([
        "\u0000",
        `${target[1]}\u0000`,
        rng.string(CONTROL_CHARS, 1, 5),
        rng.string(UNICODE_SAMPLE, 1, 30),
        "x".repeat(rng.int(1_000, 7_000)),
        "%zz",
        "'; DROP TABLE clients; --",
        "${jndi:ldap://x}",
      ]);
      break;
    }
    case "unsupported grant":
      (fields[0] as [string, string])[1] = rng.pick(GRANT_TYPES.filter((g) => g !== "client_credentials"));
      break;
    case "oversized body":
      fields.push(["padding", "p".repeat(rng.int(8_200, 20_000))]);
      break;
  }
  const isForm = contentType !== undefined && FORM_TYPES.includes(contentType);
  payload ??= formBody(rng, fields);
  // A body with raw (unencoded) text is parsed the way the service parses it, to know what it sent.
  const sentFields = isForm ? [...new URLSearchParams(payload)] : fields;
  const headers: Record<string, string> = { ...requestIdHeader(rng) };
  if (contentType !== undefined) headers["content-type"] = contentType;
  if (basic.kind !== "none") headers.authorization = basic.header;
  // "/oauth/token?" carries no parameters in the URL.
  const outcomes = tokenOutcomes(sentFields, basic, isForm, urlQuery.length > 1, Buffer.byteLength(payload));
  const expectedStatuses = outcomes === "any" ? "any" : [...new Set(outcomes.map((o) => o.status))];
  return {
    group: `POST /oauth/token [${kind}${basic.kind === "none" ? "" : `, Basic ${basic.kind}`}]`,
    what: kind,
    request: { method: "POST", url: `/oauth/token${urlQuery}`, headers, payload },
    expected: expectedStatuses,
    check: (response) => {
      if (outcomes === "any") return undefined;
      const body = response.json<{ error?: string; scope?: string }>();
      if (response.statusCode === 200) {
        const client = SANDBOX_FIXTURES.find(
          (f) =>
            f.client_id ===
            (basic.kind === "credentials"
              ? basic.clientId
              : sentFields.find(([n]) => n === "client_id")?.[1]),
        );
        const asked = sentFields.find(([n, value]) => n === "scope" && value !== "")?.[1];
        const wanted =
          asked === undefined ? (client?.scopes ?? []) : asked.split(" ").filter((s) => s !== "");
        const expectedScope = ["locations:read", "tasks:read"].filter((s) => wanted.includes(s)).join(" ");
        return body.scope === expectedScope
          ? undefined
          : `granted scope "${body.scope}", expected "${expectedScope}"`;
      }
      if (!outcomes.some((o) => o.status === response.statusCode && o.error === body.error)) {
        return `error ${response.statusCode} ${body.error}, expected one of ${outcomes.map((o) => `${o.status} ${o.error ?? ""}`).join(", ")}`;
      }
      if (
        response.statusCode === 401 &&
        basic.kind === "credentials" &&
        response.headers["www-authenticate"] !== 'Basic realm="vts"'
      ) {
        return "invalid_client after Basic without WWW-Authenticate";
      }
      return undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------

describe(`fuzzing the HTTP surface (FUZZ_SEED=${SEED}, FUZZ_SCALE=${SCALE})`, () => {
  it(
    `GET /v1/tasks with ${CASES.taskList} random queries`,
    () => fuzz("task list", CASES.taskList, taskListCase, { 200: 0.25, 400: 0.2 }),
    FUZZ_TIMEOUT,
  );

  it(
    `GET /v1/tasks/{id} with ${CASES.taskById} random ids`,
    () => fuzz("task by id", CASES.taskById, taskByIdCase, { 200: 0.2, 400: 0.2, 404: 0.1 }),
    FUZZ_TIMEOUT,
  );

  it(
    `GET /v1/locations with ${CASES.locations} random queries`,
    () => fuzz("locations", CASES.locations, locationsCase, { 200: 0.2, 400: 0.3 }),
    FUZZ_TIMEOUT,
  );

  it(
    `${CASES.surface} random methods, paths and Authorization headers`,
    () => fuzz("surface", CASES.surface, surfaceCase, { 401: 0.2, 404: 0.05, 405: 0.1 }),
    FUZZ_TIMEOUT,
  );

  it(
    `POST /oauth/token with ${CASES.token} random requests`,
    () => fuzz("token", CASES.token, tokenCase, { 200: 0.1, 400: 0.2, 401: 0.05 }),
    FUZZ_TIMEOUT,
  );
});

// Each rule the fuzzer found broken, pinned down as one deterministic example.
describe("examples found by fuzzing", () => {
  const bearer = () => ({ authorization: `Bearer ${world.tokens.full}` });

  it.each([
    ["year 0000 once the offset is applied", "from=0001-01-01T00:00:00%2B01:00&to=0001-01-02T00:00:00Z"],
    ["year 0000", "from=0000-03-01T00:00:00Z&to=0000-03-02T00:00:00Z"],
    ["year 10000 once the offset is applied", "from=9999-12-31T00:00:00Z&to=9999-12-31T23:00:00-05:00"],
  ])("a window at the edge of the calendar (%s) is a 200 or a 400, never a 500", async (_name, query) => {
    const response = await service.request({ method: "GET", url: `/v1/tasks?${query}`, headers: bearer() });
    expect([200, 400]).toContain(response.statusCode);
  });

  it.each([
    ["form fields", {}, "grant_type=client_credentials&client_id=sandbox-full%00&client_secret=x"],
    [
      "HTTP Basic",
      { authorization: basicAuth("sandbox-full\u0000", "sandbox-full-secret") },
      "grant_type=client_credentials",
    ],
  ])(
    "a client_id with a NUL character (%s) is invalid_client, not a 500",
    async (_name, headers, payload) => {
      const response = await service.request({
        method: "POST",
        url: "/oauth/token",
        headers: { "content-type": FORM, ...headers },
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: "invalid_client" });
    },
  );

  it("a /v1 path with bad percent-encoding is guarded like any other: 401 first, rate-limit headers", async () => {
    const anonymous = await service.request({ method: "GET", url: "/v1/tasks/%zz" });
    expect(anonymous.statusCode).toBe(401);
    const authenticated = await service.request({
      method: "GET",
      url: "/v1/tasks/%E0%80%AF",
      headers: bearer(),
    });
    expect(authenticated.statusCode).toBe(400);
  });

  it("a task id of 101 to 128 characters is found, and one of 129 is a 400", async () => {
    const id = `T-${"x".repeat(126)}`;
    await upsertTasks(service.context.store, [
      {
        id,
        vehicle_id: "veh-long-id",
        mva: "99999999",
        vin: null,
        task_type: "oil_change",
        status: "completed",
        location_id: world.locationIds[0] as string,
        started_at: new Date("2001-01-01T00:00:00.000Z"),
        odometer_miles: 1,
      },
    ]);
    const found = await service.request({ method: "GET", url: `/v1/tasks/${id}`, headers: bearer() });
    expect(found.statusCode).toBe(200);
    expect(found.json<{ id: string }>().id).toBe(id);
    const tooLong = await service.request({ method: "GET", url: `/v1/tasks/${id}x`, headers: bearer() });
    expect(tooLong.statusCode).toBe(400);
  });

  it("OPTIONS /oauth/token is answered like the other wrong methods: 405 invalid_request, Allow: POST", async () => {
    const reference = await service.app.inject({ method: "DELETE", url: "/oauth/token" });
    expect(reference.statusCode).toBe(405);
    const response = await service.app.inject({ method: "OPTIONS", url: "/oauth/token" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(response.json()).toMatchObject({ error: "invalid_request" });
  });

  it.each([
    ["malformed JSON", "application/json", "{"],
    ["an unknown media type", "application/xml", "<task/>"],
    ["no Content-Type", undefined, "x"],
    ["a body over the size limit", "application/json", JSON.stringify({ big: "z".repeat(70 * 1024) })],
  ])("a write to /v1 with %s is still a 405", async (_name, contentType, payload) => {
    const response = await service.request({
      method: "POST",
      url: "/v1/tasks",
      headers: { ...bearer(), ...(contentType === undefined ? {} : { "content-type": contentType }) },
      payload,
    });
    expect(response.statusCode).toBe(405);
  });

  it("a cursor is accepted only as the exact string the service issued", async () => {
    const source = world.cursors[0] as CursorSource;
    const query = queryText(semanticParams(new Rng(1), source.semantics, false));
    const get = (cursor: string) =>
      service.request({
        method: "GET",
        url: `/v1/tasks?${query}&cursor=${encode(cursor)}`,
        headers: bearer(),
      });
    expect((await get(source.cursor)).statusCode).toBe(200);
    // The signature is 16 bytes in 22 base64url characters: the last character carries 4 unused bits.
    const last = BASE64URL_CHARS.indexOf(source.cursor.at(-1) as string);
    const sameBits = `${source.cursor.slice(0, -1)}${BASE64URL_CHARS[last ^ 1]}`;
    for (const altered of [sameBits, `${source.cursor}=`, `${source.cursor}!`, `${source.cursor}~`]) {
      expect((await get(altered)).statusCode, altered).toBe(400);
    }
  });
});
