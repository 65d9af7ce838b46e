// The programs under test as real child processes (one Node process each, so a signal reaches the
// program itself), their output kept in a log file, ready once a health path answers 200.
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export interface Child {
  name: string;
  baseUrl: string;
  stop(): Promise<void>;
}

export interface ChildOptions {
  name: string;
  cwd: string;
  /** Arguments to this Node binary. */
  args: string[];
  env: Record<string, string>;
  baseUrl: string;
  healthPath: string;
  logFile: string;
  startTimeoutMs: number;
  onWaiting: (elapsedMs: number) => void;
}

export async function startChild(options: ChildOptions): Promise<Child> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(options.logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // However this process ends (an error, a signal mid-start), the child does not outlive it.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  void exited.then(() => process.off("exit", orphanGuard));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const gone = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
    if (!gone) child.kill("SIGKILL");
  };
  const tail = () => readFileSync(options.logFile, "utf8").slice(-3000);
  const started = Date.now();
  let lastProgress = started;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${options.name} exited (${child.signalCode ?? child.exitCode}) during start:\n${tail()}`,
        );
      }
      if (await answers(`${options.baseUrl}${options.healthPath}`)) break;
      if (Date.now() - started > options.startTimeoutMs) {
        throw new Error(`${options.name} not healthy within ${options.startTimeoutMs} ms:\n${tail()}`);
      }
      if (Date.now() - lastProgress >= 15_000) {
        lastProgress = Date.now();
        options.onWaiting(lastProgress - started);
      }
      await sleep(500);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { name: options.name, baseUrl: options.baseUrl, stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200;
  } catch {
    return false;
  }
}
