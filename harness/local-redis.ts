// Starts a throwaway Redis server (Debian's redis-server) on a free port, without persistence.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
      // The server's pid, read before anything is removed: a shutdown the server never hears (the
      // command refused, or lost) must not leave it running after the run.
      const pid = readPid(join(dir, "redis.pid"));
      try {
        execFileSync("redis-cli", ["-p", String(port), "shutdown", "nosave"], { stdio: "ignore" });
      } catch {
        // Gone already, or not listening: the pid below settles it.
      }
      if (pid !== undefined) killAndWait(pid);
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

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // no pid file: the server never got as far as writing it
  }
}

/** Kills `pid` if it still runs, and returns once it is gone, so its port is free for a restart. */
function killAndWait(pid: number): void {
  // A daemon's parent is init, which in a container may never reap it: a zombie counts as gone.
  const alive = () => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
    } catch {
      return false;
    }
  };
  const started = Date.now();
  let killed = false;
  while (alive()) {
    const waited = Date.now() - started;
    if (waited > 5_000) throw new Error(`redis-server ${pid} did not stop`);
    // A shutdown takes a moment; a server still there after a second is killed outright.
    if (waited > 1_000 && !killed) {
      process.kill(pid, "SIGKILL");
      killed = true;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); // a 20 ms pause, synchronously
  }
}
