// Starts a throwaway Redis server (Debian's redis-server) on a free port, without persistence.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isRunning, readPidFile, startDaemonReaper } from "./daemon-reaper.mjs";
import { freePort } from "./free-port";

export interface LocalRedis {
  url: string;
  port: number;
  /** Connections other than the one that asks: the clients connected now. */
  clients(): number;
  /** Stops the server answering (SIGSTOP) while its connections stay open, as a hung host does. */
  freeze(): void;
  thaw(): void;
  stop(): void;
}

/** On a free port, or on `port` to bring a stopped one back (empty) where its clients reconnect. */
export async function startLocalRedis(port?: number): Promise<LocalRedis> {
  const dir = mkdtempSync(join(tmpdir(), "vts-redis-"));
  port ??= await freePort();
  const pidFile = join(dir, "redis.pid");
  const reaper = startDaemonReaper(pidFile, "SIGTERM", dir);
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
    pidFile,
    "--dir",
    dir,
  ]);
  await waitForPing(port);
  const signalServer = (signal: NodeJS.Signals) => {
    const pid = readPidFile(pidFile);
    if (pid === undefined) throw new Error(`redis-server on port ${port} has no pid file`);
    process.kill(pid, signal);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    clients() {
      const info = execFileSync("redis-cli", ["-p", String(port), "info", "clients"]).toString();
      const connected = /^connected_clients:(\d+)/m.exec(info)?.[1];
      if (connected === undefined) throw new Error(`redis-server on port ${port} gave no client count`);
      return Number(connected) - 1;
    },
    freeze: () => signalServer("SIGSTOP"),
    thaw: () => signalServer("SIGCONT"),
    stop() {
      // The server's pid, read before anything is removed: a shutdown the server never hears (the
      // command refused, or lost) must not leave it running after the run.
      const pid = readPidFile(pidFile);
      reaper.dismiss();
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

/** Kills `pid` if it still runs, and returns once it is gone, so its port is free for a restart. */
function killAndWait(pid: number): void {
  const started = Date.now();
  let killed = false;
  while (isRunning(pid)) {
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
