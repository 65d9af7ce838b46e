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

export function startService(options: ServiceOptions): Promise<ServiceProcess> {
  // `node --import tsx` keeps it one process (no tsx wrapper), so a signal reaches the service itself.
  return startProcess({
    ...options,
    name: "service",
    args: [
      // Flags for the service alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (NODE_OPTIONS refuses --cpu-prof).
      ...(process.env.BENCH_SERVICE_NODE_ARGS?.split(" ") ?? []),
      "--import",
      "tsx",
      "task-service/src/server.ts",
    ],
    baseUrl: `http://127.0.0.1:${options.port}`,
    healthPath: "/healthz",
  });
}

export interface ProcessOptions extends Omit<ServiceOptions, "port"> {
  /** For messages: "service", "dashboard". */
  name: string;
  /** Arguments to this Node binary: the program runs as one process, which a signal reaches. */
  args: string[];
  baseUrl: string;
  /** Answers 200 once the program is ready. */
  healthPath: string;
}

/** Any Node program of the repository as a child process, ready once its health path answers 200. */
export async function startProcess(options: ProcessOptions): Promise<ServiceProcess> {
  const child = spawn(process.execPath, options.args, {
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
  // However this process ends (an error, a signal mid-start), the child does not outlive it.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  void exited.then(() => process.off("exit", orphanGuard));

  const { baseUrl, name } = options;
  const service = { baseUrl, stop: () => stopChild(child, exited) };
  const started = Date.now();
  let lastProgress = started;
  try {
    for (;;) {
      // A signal (from outside: nothing here sends one before stop) leaves exitCode null.
      if (child.exitCode !== null || child.signalCode !== null) {
        const how = child.signalCode ?? `code ${child.exitCode}`;
        throw new Error(`${name} exited (${how}) during start:\n${output}`);
      }
      if (await healthy(`${baseUrl}${options.healthPath}`)) return service;
      if (Date.now() - started > options.startTimeoutMs)
        throw new Error(`${name} not healthy in time:\n${output}`);
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

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
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
