// Starts the benchmark's proxies (proxy-main.ts) as child processes and reads what the taps saw.
import { join } from "node:path";
import { freePort } from "../../task-service/test/support/free-port";
import { startProcess, type ServiceProcess } from "../service/service-process";
import { RECORDS_PATH, type TapRecord } from "./upstream-tap";

export const HEALTH_PATH = "/__health";

export interface Tap extends ServiceProcess {
  records(): Promise<TapRecord[]>;
}

async function startProxy(root: string, kind: string, env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  return startProcess({
    name: `${kind} proxy`,
    cwd: root,
    args: ["--import", "tsx", join("bench", "bff", "proxy-main.ts"), kind],
    env: { ...env, BENCH_PORT: String(port) },
    baseUrl: `http://127.0.0.1:${port}`,
    healthPath: HEALTH_PATH,
    startTimeoutMs: 30_000,
    progressEveryMs: 60_000,
    onWaiting: async () => {},
  });
}

/** A counting proxy in front of the service (upstream-tap.ts). */
export async function startTap(root: string, serviceUrl: string): Promise<Tap> {
  const process = await startProxy(root, "tap", { BENCH_TARGET_URL: serviceUrl });
  return {
    ...process,
    async records() {
      const response = await fetch(`${process.baseUrl}${RECORDS_PATH}`);
      return (await response.json()) as TapRecord[];
    },
  };
}

/** The baseline's pass-through proxy (pass-through-proxy.ts); it fetches its token at start. */
export function startPassThrough(
  root: string,
  serviceUrl: string,
  client: { id: string; secret: string },
): Promise<ServiceProcess> {
  return startProxy(root, "pass-through", {
    BENCH_SERVICE_URL: serviceUrl,
    BENCH_CLIENT_ID: client.id,
    BENCH_CLIENT_SECRET: client.secret,
  });
}
