// Runs the service as a real process (the same entry point as `npm run service`), so the figures
// include everything production has: the HTTP stack, logging, metrics hooks and the pg pool.
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

export interface ServiceProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  cwd: string;
  env: Record<string, string>;
  port: number;
  /** Seeding a million tasks takes minutes; the caller reports progress meanwhile. */
  startTimeoutMs: number;
  onWaiting: (elapsedMs: number) => Promise<void>;
  progressEveryMs: number;
}

export async function startService(options: ServiceOptions): Promise<ServiceProcess> {
  // `node --import tsx` keeps it one process (no tsx wrapper), so a signal reaches the service itself.
  const child = spawn(process.execPath, ["--import", "tsx", "task-service/src/server.ts"], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Keep the tail of its output: when it dies during start, that is the only explanation we get.
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const service = { baseUrl, stop: () => stopChild(child, exited) };
  const started = Date.now();
  let lastProgress = started;
  try {
    for (;;) {
      // A signal (from outside: nothing here sends one before stop) leaves exitCode null.
      if (child.exitCode !== null || child.signalCode !== null) {
        const how = child.signalCode ?? `code ${child.exitCode}`;
        throw new Error(`service exited (${how}) during start:\n${output}`);
      }
      if (await healthy(baseUrl)) return service;
      if (Date.now() - started > options.startTimeoutMs)
        throw new Error(`service not healthy in time:\n${output}`);
      if (Date.now() - lastProgress >= options.progressEveryMs) {
        lastProgress = Date.now();
        await options.onWaiting(lastProgress - started);
      }
      await sleep(500);
    }
  } catch (error) {
    await service.stop();
    throw error;
  }
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

/** SIGTERM lets the service close its pool; SIGKILL if it has not gone within five seconds. */
async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const gone = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
  if (!gone) child.kill("SIGKILL");
}
