// The Vehicle Task Service and its CLI as real processes, the way an operator runs them (Node
// itself on the built file: one process, so a signal reaches the service).
import { oncePerProcess } from "../platform/write-node-bundles";
import { buildService, SERVICE_BUNDLES } from "../task-service/build";
import { freePort } from "./free-port";
import { startChild, type RunningChild } from "./child-process";
import { startHealthyChild } from "./healthy-child";
import type { HealthWait } from "./wait-healthy";

export type ServiceProgram = keyof typeof SERVICE_BUNDLES;
const STARTUP_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 120_000;
// Long enough for a drain under load to finish; a stuck service is killed after it.
const STOP_GRACE_MS = 20_000;

const buildServiceOnce = oncePerProcess(buildService);

/** The program's built file, built from the sources once per process: at its first start. */
function builtProgram(program: ServiceProgram): string {
  buildServiceOnce();
  return SERVICE_BUNDLES[program];
}

/**
 * The inherited environment without anything that configures the service, so a developer's
 * DATABASE_URL or VTS_* settings never leak into a test (and never point it at real data).
 */
export function hermeticEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(inherited)) {
    if (name.startsWith("VTS_") || name === "DATABASE_URL" || name === "REDIS_URL") delete inherited[name];
  }
  return Object.assign(inherited, env);
}

export interface ServiceProcess extends RunningChild {
  url: string;
  port: number;
  /** Everything the process printed so far: stdout, then stderr. */
  logs(): string;
}

export interface ServiceOptions extends Partial<Omit<HealthWait, "healthUrl">> {
  /** `npm start` passes its user's settings through; tests and benchmarks never do. */
  inheritSettings?: boolean;
  /** Node flags for the service alone, e.g. --cpu-prof (NODE_OPTIONS refuses it). */
  nodeArgs?: string[];
  logFile?: string;
  appendLog?: boolean;
  keepChars?: number;
  cwd?: string;
  /** Before SIGKILL follows a stop's signal. */
  graceMs?: number;
}

/**
 * Where the service listening on `host` is reached from this machine: a wildcard (every address)
 * through the loopback, any other host as it is named (an IPv6 address in brackets), so that an
 * operator's VTS_HOST under `npm start` is asked at the address it listens on.
 */
export function serviceUrl(host: string | undefined, port: number): string {
  const named = host?.trim() ?? "";
  const reachable = ["", "0.0.0.0", "::", "[::]"].includes(named) ? "127.0.0.1" : named;
  const bracketed = reachable.includes(":") && !reachable.startsWith("[") ? `[${reachable}]` : reachable;
  return `http://${bracketed}:${port}`;
}

/**
 * Starts the service, with `env` on top of a sandbox on 127.0.0.1, on a free port (or VTS_PORT, e.g.
 * to restart at the same address: tokens are bound to it); resolves once /healthz answers 200.
 * `env` must choose a store (VTS_DATA_DIR or DATABASE_URL) unless the user's settings are
 * inherited: the default `.data/vts` is the developer's own.
 */
export async function startServiceProcess(
  env: Record<string, string>,
  options: ServiceOptions = {},
): Promise<ServiceProcess> {
  if (!options.inheritSettings && !env.VTS_DATA_DIR && !env.DATABASE_URL) {
    throw new Error("startServiceProcess needs VTS_DATA_DIR or DATABASE_URL");
  }
  const port = env.VTS_PORT ? Number(env.VTS_PORT) : await freePort();
  // Under the inherited settings too: an operator's own VTS_MODE or VTS_HOST wins in `npm start`.
  const inherited = options.inheritSettings ? process.env : hermeticEnv({});
  const childEnv = {
    VTS_HOST: "127.0.0.1",
    VTS_MODE: "sandbox",
    ...inherited,
    ...env,
    VTS_PORT: String(port),
  };
  const url = serviceUrl(childEnv.VTS_HOST, port);
  const child = await startHealthyChild({
    ...options,
    name: "service",
    args: [...(options.nodeArgs ?? []), builtProgram("server")],
    env: childEnv,
    healthUrl: `${url}/healthz`,
    timeoutMs: options.timeoutMs ?? STARTUP_TIMEOUT_MS,
  });
  const stop = child.stop;
  return Object.assign(child, {
    url,
    port,
    logs: () => child.stdout() + child.stderr(),
    stop: (signal?: NodeJS.Signals, graceMs = options.graceMs ?? STOP_GRACE_MS) => stop(signal, graceMs),
  });
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI, or the server with a bad configuration, to its end. Pass the test's `signal` so a
 * timed-out test does not leave it running.
 */
export async function runToExit(
  program: ServiceProgram,
  args: string[],
  env: Record<string, string>,
  signal?: AbortSignal,
): Promise<Finished> {
  const child = startChild({
    name: program,
    args: [builtProgram(program), ...args],
    env: hermeticEnv(env),
  });
  const kill = () => void child.stop("SIGKILL");
  signal?.addEventListener("abort", kill);
  const timer = setTimeout(kill, RUN_TIMEOUT_MS);
  try {
    const code = await child.exited;
    return { code, stdout: child.stdout(), stderr: child.stderr() };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", kill);
  }
}
