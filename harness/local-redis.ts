// Starts a throwaway Redis server (Debian's redis-server) on a free port, without persistence.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

export interface LocalRedis {
  url: string;
  port: number;
  stop(): void;
}

/** On a free port, or on `port` to bring a stopped one back (empty) where its clients reconnect. */
export async function startLocalRedis(port?: number): Promise<LocalRedis> {
  const dir = mkdtempSync(join(tmpdir(), "vts-redis-"));
  port ??= await freePort();
  execFileSync("redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--daemonize",
    "yes",
    "--pidfile",
    join(dir, "redis.pid"),
    "--dir",
    dir,
  ]);
  await waitForPing(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop() {
      try {
        execFileSync("redis-cli", ["-p", String(port), "shutdown", "nosave"], { stdio: "ignore" });
      } catch {
        // Already gone.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(port: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      if (
        execFileSync("redis-cli", ["-p", String(port), "ping"])
          .toString()
          .trim() === "PONG"
      )
        return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}
