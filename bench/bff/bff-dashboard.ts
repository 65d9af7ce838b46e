// The BFF arms' dashboard: the built dashboard, as `npm start` runs it, talking to the service
// through its arm's tap, with or without its task mirror.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { startDashboardProcess, type DashboardProcess } from "../../harness/dashboard-process";
import { freePort } from "../../harness/free-port";
import type { Tap } from "./proxies";
import { WINDOW_MS } from "./results";
import { isV1 } from "./upstream-tap";

export interface BffDashboardOptions {
  tap: Tap;
  staffFile: string;
  metricsToken: string;
  /** The bench's own build directory (next.config.mjs honours NEXT_DIST_DIR). */
  distDir: string;
  client: { id: string; secret: string };
  log: (line: string) => void;
}

/** `env` on top of the common settings: `{ MIRROR: "off" }`, or nothing for the mirror in a temp dir of its own. */
export async function startBffDashboard(
  options: BffDashboardOptions,
  env: Record<string, string>,
): Promise<DashboardProcess> {
  const port = await freePort();
  options.log(
    `starting the dashboard on port ${port} (${env.MIRROR === "off" ? "MIRROR=off" : "mirror on"})`,
  );
  return startDashboardProcess({
    port,
    env: {
      VTS_BASE_URL: options.tap.baseUrl,
      VTS_CLIENT_ID: options.client.id,
      VTS_CLIENT_SECRET: options.client.secret,
      AUTH_SECRET: randomBytes(33).toString("base64url"),
      STAFF_FILE: options.staffFile,
      METRICS_TOKEN: options.metricsToken,
      NEXT_DIST_DIR: options.distDir,
      ...env,
    },
    // e.g. BENCH_BFF_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's time goes.
    nodeArgs: process.env.BENCH_BFF_NODE_ARGS?.split(" ").filter(Boolean),
    keepChars: 4_000,
    timeoutMs: 120_000,
    progressEveryMs: 15_000,
    onWaiting: () => options.log("  waiting for the dashboard..."),
  });
}

/**
 * Both BFF arms use the one client with both scopes that is left for them: the service's window
 * (a fixed minute opened by a call) must have closed on the first arm's calls before the mirror's
 * fill starts, or the fill would meet 429s that belong to the arm before.
 */
export async function waitOutServiceWindow(
  tap: Tap,
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const last = Math.max(0, ...(await tap.records()).filter(isV1).map((record) => record.at));
  const waitMs = last + WINDOW_MS + 1_000 - Date.now();
  if (waitMs <= 0) return;
  log(`waiting ${Math.ceil(waitMs / 1000)} s for the service's window of the first arm's client to close`);
  await sleep(waitMs, undefined, { signal });
}
