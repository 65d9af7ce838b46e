// Starts the benchmark's proxies (proxy-main.ts) as child processes and reads what the taps saw.
import { join } from "node:path";
import type { RunningChild } from "../../harness/child-process";
import { freePort } from "../../harness/free-port";
import { startHealthyChild } from "../../harness/healthy-child";
import { RECORDS_PATH, type TapRecord } from "./upstream-tap";

export const HEALTH_PATH = "/__health";

export interface Proxy extends RunningChild {
  baseUrl: string;
}

export interface Tap extends Proxy {
  records(): Promise<TapRecord[]>;
}

async function startProxy(root: string, kind: string, env: Record<string, string>): Promise<Proxy> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = await startHealthyChild({
    name: `${kind} proxy`,
    cwd: root,
    args: ["--import", "tsx", join("bench", "bff", "proxy-main.ts"), kind],
    env: { ...process.env, ...env, BENCH_PORT: String(port) },
    healthUrl: `${baseUrl}${HEALTH_PATH}`,
    timeoutMs: 30_000,
    keepChars: 4_000,
  });
  return Object.assign(child, { baseUrl });
}

/** A counting proxy in front of the service (upstream-tap.ts). */
export async function startTap(root: string, serviceUrl: string): Promise<Tap> {
  const proxy = await startProxy(root, "tap", { BENCH_TARGET_URL: serviceUrl });
  return Object.assign(proxy, {
    async records() {
      const response = await fetch(`${proxy.baseUrl}${RECORDS_PATH}`);
      return (await response.json()) as TapRecord[];
    },
  });
}

/** The baseline's pass-through proxy (pass-through-proxy.ts); it fetches its token at start. */
export function startPassThrough(
  root: string,
  serviceUrl: string,
  client: { id: string; secret: string },
): Promise<Proxy> {
  return startProxy(root, "pass-through", {
    BENCH_SERVICE_URL: serviceUrl,
    BENCH_CLIENT_ID: client.id,
    BENCH_CLIENT_SECRET: client.secret,
  });
}
