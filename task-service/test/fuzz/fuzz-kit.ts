// Tools for the fuzz tests: a seeded PRNG, generators of hostile text, the invariants every
// response of the service keeps whatever it was sent, and a collector that reports every broken
// rule at the end of a run (with the request that broke it) instead of stopping at the first.
import type { LightMyRequestResponse } from "fastify";

/** What the fuzzers send: the part of Fastify's InjectOptions they use. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** mulberry32: tiny, fast and good enough to drive a fuzzer; the same seed gives the same cases. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An independent stream per purpose, so changing one generator does not reshuffle the others. */
  fork(label: string): Rng {
    let hash = this.state ^ 0x9e3779b9;
    for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    return new Rng(hash);
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Picks by weight: `[[3, "often"], [1, "rarely"]]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (choices.at(-1) as readonly [number, T])[1];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** A string of `min..max` characters (code points) drawn from `alphabet`. */
  string(alphabet: string, min: number, max: number): string {
    const chars = [...alphabet];
    let text = "";
    for (let i = this.int(min, max); i > 0; i--) text += this.pick(chars);
    return text;
  }

  bytes(length: number): Buffer {
    const buffer = Buffer.alloc(length);
    for (let i = 0; i < length; i++) buffer[i] = this.int(0, 255);
    return buffer;
  }
}

export const IDENTIFIER_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-";
export const BASE64URL_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
/** Letters with accents, CJK, an astral emoji, RTL override, zero-width space, combining mark, U+FFFD. */
export const UNICODE_SAMPLE = "éßüÆ中文字🚗𝔘\u202e\u200b\u0301\ufffdŁ∑";
export const CONTROL_CHARS = "\u0000\u0001\u0007\b\t\n\r\u001b\u001f\u007f\u0085";

/**
 * Percent sequences that do not decode to valid UTF-8, or decode to something surprising:
 * a lone "%", bad hex, NUL, a lone continuation/lead byte, overlong encodings of "/" and NUL,
 * an encoded surrogate half and a code point above U+10FFFF.
 */
export const PERCENT_GARBAGE = [
  "%",
  "%%",
  "%z",
  "%zz",
  "%00",
  "%FF",
  "%C3",
  "%80",
  "%C0%AF",
  "%C0%80",
  "%E0%80%AF",
  "%ED%A0%80",
  "%F4%90%80%80",
  "%2",
  "%u0041",
];

/** Percent-encodes text for a query string or form body (never throws: no lone surrogates are generated). */
export function encode(text: string): string {
  return encodeURIComponent(text);
}

/** Raw wire text that is hostile to any parser; already encoded (or deliberately mis-encoded). */
export function junk(rng: Rng): string {
  return rng.weighted<() => string>([
    [3, () => encode(rng.string(PRINTABLE_ASCII, 1, 40))],
    [2, () => encode(rng.string(UNICODE_SAMPLE, 1, 12))],
    [2, () => encode(rng.string(CONTROL_CHARS, 1, 4))],
    [
      3,
      () => Array.from({ length: rng.int(1, 3) }, () => rng.pick(PERCENT_GARBAGE)).join(rng.pick(["", "a"])),
    ],
    [1, () => ""],
    [1, () => "x".repeat(10_240)],
    [1, () => encode(rng.string(UNICODE_SAMPLE + PRINTABLE_ASCII, 2_000, 3_000))],
    [1, () => rng.string("0123456789", 20, 400)],
    [1, () => rng.string(BASE64URL_CHARS + ".", 1, 200)],
  ])();
}

/** What a failed expectation or broken invariant is filed under, and an example request. */
export class Findings {
  private readonly byKind = new Map<string, { count: number; examples: string[] }>();
  cases = 0;

  constructor(readonly seed: number) {}

  add(kind: string, example: string): void {
    const entry = this.byKind.get(kind) ?? { count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < 3) entry.examples.push(example);
    this.byKind.set(kind, entry);
  }

  /** One line per kind with up to three examples; empty when nothing was found. */
  report(): string[] {
    return [...this.byKind].map(
      ([kind, { count, examples }]) =>
        `${kind} (${count}x, FUZZ_SEED=${this.seed})\n${examples.map((e) => `    ${e}`).join("\n")}`,
    );
  }
}

const clip = (text: string, max = 240) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max)}...(${text.length} chars)` : text);

export function describeExchange(sent: SentRequest, response: LightMyRequestResponse | undefined): string {
  const headers = Object.fromEntries(
    Object.entries(sent.headers).map(([name, value]) => [name, value.slice(0, 120)]),
  );
  const text = typeof sent.payload === "string" ? sent.payload : sent.payload?.toString("latin1");
  const payload = text === undefined ? "" : ` payload=${clip(text, 160)}`;
  const answer = response ? `${response.statusCode} ${clip(response.body, 300)}` : "(no response)";
  return `${sent.method} ${clip(sent.url, 300)} headers=${JSON.stringify(headers)}${payload} -> ${answer}`;
}

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
// The marks of a leaked stack trace or source location.
const STACK_MARKS = ["    at ", ".ts:", "node_modules"];
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The pathname the service routes on (dot segments resolved, as the HTTP layer does). */
export function routedPath(url: string): string {
  return new URL(url, "http://fuzz.invalid").pathname;
}

export function isTokenPath(url: string): boolean {
  return routedPath(url) === "/oauth/token";
}

const OAUTH_CODES_BY_STATUS: Record<number, readonly string[]> = {
  400: ["invalid_request", "unsupported_grant_type", "invalid_scope"],
  401: ["invalid_client"],
  404: ["invalid_request"],
  405: ["invalid_request"],
  413: ["invalid_request"],
  415: ["invalid_request"],
  429: ["rate_limited"],
  500: ["server_error"],
  503: ["temporarily_unavailable"],
};

/**
 * The rules every response keeps, documented or not: never a 5xx, never internals, always a
 * request id, the rate-limit headers on every /v1 response, and error bodies of the documented
 * shape (RFC 6749 on the token endpoint, the standard body elsewhere) whose request_id is the
 * X-Request-Id header. Returns [kind, detail] pairs.
 */
export function brokenInvariants(sent: SentRequest, response: LightMyRequestResponse): [string, string][] {
  const broken: [string, string][] = [];
  const url = sent.url;
  const method = sent.method.toUpperCase();
  const header = (name: string) => {
    const value = response.headers[name];
    return value === undefined ? undefined : String(value);
  };

  if (response.statusCode >= 500) broken.push(["5xx response", `status ${response.statusCode}`]);
  for (const mark of STACK_MARKS) {
    if (response.body.includes(mark)) broken.push([`body contains ${JSON.stringify(mark)}`, ""]);
  }
  const requestId = header("x-request-id");
  if (!requestId) broken.push(["X-Request-Id header missing", ""]);
  const offered = sent.headers["x-request-id"];
  if (typeof offered === "string" && ACCEPTABLE_REQUEST_ID.test(offered) && requestId !== offered) {
    broken.push(["an acceptable X-Request-Id is not echoed", `${offered} -> ${requestId}`]);
  }
  const routed = routedPath(url);
  if (routed === "/v1" || routed.startsWith("/v1/")) {
    const missing = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"].filter(
      (name) => !/^\d+$/.test(header(name) ?? ""),
    );
    if (missing.length > 0)
      broken.push(["/v1 response without the X-RateLimit-* headers", missing.join(", ")]);
  }
  // A HEAD answer's body is dropped by Node's HTTP server, not by the service; inject passes it
  // through, so the empty body is checked over a real socket (test/api/raw-http.test.ts).
  if (method === "HEAD") return broken;
  if (response.statusCode < 400) return broken;

  if (!/^application\/json\b/.test(header("content-type") ?? "")) {
    broken.push(["error response is not JSON", `content-type ${header("content-type")}`]);
    return broken;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    broken.push(["error body is not valid JSON", ""]);
    return broken;
  }
  const record = (value: unknown) =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  if (isTokenPath(url)) {
    const error = record(body);
    if (typeof error?.error !== "string" || typeof error.error_description !== "string") {
      broken.push(["token endpoint error is not {error, error_description}", ""]);
      return broken;
    }
    const fitting = OAUTH_CODES_BY_STATUS[response.statusCode];
    if (fitting && !fitting.includes(error.error)) {
      broken.push([
        `token endpoint ${response.statusCode} carries error "${error.error}"`,
        `expected one of ${fitting.join(", ")}`,
      ]);
    }
    if (CONTROL.test(error.error_description)) broken.push(["control characters in error_description", ""]);
    return broken;
  }
  const error = record(record(body)?.error);
  if (
    typeof error?.code !== "string" ||
    typeof error.message !== "string" ||
    typeof error.request_id !== "string"
  ) {
    broken.push(["error body is not {error: {code, message, request_id}}", ""]);
    return broken;
  }
  if (error.request_id !== requestId) broken.push(["error.request_id differs from X-Request-Id", ""]);
  if (CONTROL.test(error.message)) broken.push(["control characters in error.message", ""]);
  return broken;
}
