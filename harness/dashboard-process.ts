// The built dashboard as a process, started the way `npm start` starts it
// (scripts/dashboard-command.ts), ready once /api/health answers 200.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dashboardServerArgs } from "./dashboard-command";
import type { RunningChild } from "./child-process";
import { freePort } from "./free-port";
import { startHealthyChild } from "./healthy-child";
import type { HealthWait } from "./wait-healthy";

const STARTUP_TIMEOUT_MS = 60_000;
// A terminal or a log gets no telemetry notice; nothing is sent either.
export const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: "1" };

export interface DashboardProcess extends RunningChild {
  /** http://localhost:PORT by default: Next rewrites 127.0.0.1 to localhost in redirects. */
  url: string;
  port: number;
}

export interface DashboardOptions extends Partial<Omit<HealthWait, "healthUrl">> {
  /** Its settings (VTS_BASE_URL, VTS_CLIENT_*, AUTH_SECRET, STAFF_FILE, ...) on top of this
   * process's env, but for AUTH_URL: unless set here, the server takes its own address. */
  env: Record<string, string>;
  /** A free one when absent. */
  port?: number;
  /** localhost unless a test needs the raw address (127.0.0.1) for its own sockets. */
  hostname?: string;
  logFile?: string;
  appendLog?: boolean;
  keepChars?: number;
  nodeArgs?: string[];
}

/**
 * The embedded mirror and workspace each take one process per directory, and a test or bench must
 * never read an earlier run's copy: unless the caller chose a store (or none), each process gets
 * empty directories of its own, removed when it exits.
 */
function ownDataDirs(env: Record<string, string>): { env: Record<string, string>; dispose: () => void } {
  const shared = env.DASHBOARD_DATABASE_URL !== undefined;
  const needsMirror = !shared && !env.MIRROR_DATA_DIR && env.MIRROR !== "off";
  const needsWorkspace = !shared && !env.WORKSPACE_DATA_DIR;
  if (!needsMirror && !needsWorkspace) return { env, dispose() {} };
  const dir = mkdtempSync(join(tmpdir(), "dashboard-data-"));
  return {
    env: {
      ...env,
      ...(needsMirror ? { MIRROR_DATA_DIR: join(dir, "mirror") } : {}),
      ...(needsWorkspace ? { WORKSPACE_DATA_DIR: join(dir, "workspace") } : {}),
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** This process's env without AUTH_URL: a developer's own must not reach a test's dashboard. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.AUTH_URL;
  return env;
}

export async function startDashboardProcess(options: DashboardOptions): Promise<DashboardProcess> {
  const port = options.port ?? (await freePort());
  const dataDirs = ownDataDirs(options.env);
  const hostname = options.hostname ?? "localhost";
  const url = `http://${hostname}:${port}`;
  const child = await startHealthyChild({
    ...options,
    name: "dashboard",
    args: [...(options.nodeArgs ?? []), ...dashboardServerArgs(port, hostname, options.env.NEXT_DIST_DIR)],
    env: { ...inheritedEnv(), ...NEXT_ENV, ...dataDirs.env },
    healthUrl: `${url}/api/health`,
    timeoutMs: options.timeoutMs ?? STARTUP_TIMEOUT_MS,
  }).catch((error: unknown) => {
    dataDirs.dispose();
    throw error;
  });
  void child.exited.then(() => dataDirs.dispose());
  return Object.assign(child, { url, port });
}
