// The service and its CLI as real processes, the way an operator runs them, plus the HTTP calls a
// client makes to them. Every response from a documented path is checked against openapi.yaml.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { assertMatchesContract } from "./contract";
import { freePort } from "./free-port";
import { createDatabase } from "./local-postgres";
import { basicAuth } from "./test-service";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const SERVER_SCRIPT = "task-service/src/server.ts";
export const CLI_SCRIPT = "task-service/src/cli/main.ts";
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export interface ServiceProcess {
  url: string;
  port: number;
  pid: number;
  /** Everything the process printed so far: stdout, then stderr (kept apart so lines never interleave). */
  logs(): string;
  stdout(): string;
  stderr(): string;
  hasExited(): boolean;
  /** Sends the signal (default SIGTERM) and resolves with the exit code, null when a signal ended it. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

// A leftover child would hold a port or a data-dir lock after a failed test; the worker's exit
// takes every child still running down with it.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * The inherited environment without anything that configures the service, so a developer's
 * DATABASE_URL or VTS_* settings never leak into a test (and never point it at real data).
 */
function hermeticEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(inherited)) {
    if (name.startsWith("VTS_") || name === "DATABASE_URL" || name === "REDIS_URL") delete inherited[name];
  }
  return Object.assign(inherited, env);
}

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function spawnTs(script: string, args: string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // "close" (not "exit") so that every byte of output has been read when the promise settles.
  const exited = new Promise<number | null>((resolve) => {
    child.once("close", (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Starts `node --import tsx task-service/src/server.ts` on a free port and waits for /healthz.
 * `env` must choose a store (VTS_DATA_DIR or DATABASE_URL): the default `.data/vts` is the
 * developer's own.
 */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  if (!env.VTS_DATA_DIR && !env.DATABASE_URL) {
    throw new Error("startServiceProcess needs VTS_DATA_DIR or DATABASE_URL");
  }
  // A caller may fix the port, e.g. to restart at the same address (tokens are bound to it).
  const port = env.VTS_PORT ? Number(env.VTS_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = spawnTs(
    SERVER_SCRIPT,
    [],
    hermeticEnv({
      VTS_HOST: "127.0.0.1",
      VTS_MODE: "sandbox",
      VTS_LOG_LEVEL: "info",
      ...env,
      VTS_PORT: String(port),
    }),
  );
  let exitCode: number | null | undefined;
  void spawned.exited.then((code) => (exitCode = code));

  const service: ServiceProcess = {
    url,
    port,
    pid: spawned.child.pid ?? -1,
    logs: () => spawned.stdout() + spawned.stderr(),
    stdout: spawned.stdout,
    stderr: spawned.stderr,
    hasExited: () => exitCode !== undefined,
    async stop(signal = "SIGTERM") {
      if (exitCode !== undefined) return exitCode;
      spawned.child.kill(signal);
      const timer = setTimeout(() => spawned.child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      try {
        return await spawned.exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the service exited with ${exitCode} before it was healthy:\n${service.logs()}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return service;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await service.stop("SIGKILL");
  throw new Error(`the service was not healthy within ${STARTUP_TIMEOUT_MS} ms:\n${service.logs()}`);
}

/**
 * Runs a TypeScript entry point of the repository to its end, e.g. the server with a bad
 * configuration. Pass the test's `signal` so a timed-out test does not leave it running.
 */
export async function runToExit(
  script: string,
  args: string[],
  env: Record<string, string>,
  signal?: AbortSignal,
): Promise<Finished> {
  const spawned = spawnTs(script, args, hermeticEnv(env));
  const kill = () => spawned.child.kill("SIGKILL");
  signal?.addEventListener("abort", kill);
  const timer = setTimeout(kill, 120_000);
  try {
    const code = await spawned.exited;
    return { code, stdout: spawned.stdout(), stderr: spawned.stderr() };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", kill);
  }
}

export interface CheckedResponse {
  status: number;
  headers: Headers;
  text: string;
  json<T>(): T;
}

/** fetch, then the response is held against openapi.yaml before a test sees it. */
export async function call(baseUrl: string, pathAndQuery: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, init);
  return checked(response, init.method ?? "GET", pathAndQuery);
}

export async function checked(response: Response, method: string, url: string): Promise<CheckedResponse> {
  const text = await response.text();
  assertMatchesContract({
    method,
    url,
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: text,
  });
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

export const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** POST /oauth/token with HTTP Basic credentials (RFC 6749 2.3.1 encoding). */
export function requestToken(baseUrl: string, clientId: string, secret: string, scope?: string) {
  return call(baseUrl, "/oauth/token", {
    method: "POST",
    headers: { ...FORM, authorization: basicAuth(clientId, secret) },
    body: new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) }).toString(),
  });
}

export async function accessToken(baseUrl: string, clientId: string, secret: string, scope?: string) {
  const response = await requestToken(baseUrl, clientId, secret, scope);
  if (response.status !== 200) throw new Error(`token for ${clientId}: ${response.status} ${response.text}`);
  return response.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A database of its own on the run's PostgreSQL server; `drop` ends its connections first. */
export async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(serverUrl, name);
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A JavaScript stack frame ("    at fn (file:1:2)") or Node's dump of an uncaught error. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+:\d+:\d+\)?$/m.test(text) || text.includes("triggerUncaughtException");
}

/** Parses the JSON lines of a log; a line that is not JSON makes the result carry it as a string. */
export function logLines(text: string): (Record<string, unknown> | string)[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : line;
      } catch {
        return line;
      }
    });
}
