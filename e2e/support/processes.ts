// Starts the programs under test as real processes, with their output in log files (the leak
// test reads them), and waits until they answer.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { dashboardServerArgs } from "../../scripts/dashboard-command";

export function startLogged(
  command: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

export async function waitForOk(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

/** The Vehicle Task Service as operators run it, configured by `env`. */
export function startService(env: Record<string, string>, logFile: string): ChildProcess {
  return startLogged(process.execPath, ["--import", "tsx", "task-service/src/server.ts"], env, logFile);
}

/** The built dashboard, started the way `npm start` starts it (scripts/dashboard-command.ts). */
export function startDashboard(port: number, env: Record<string, string>, logFile: string): ChildProcess {
  return startLogged(process.execPath, dashboardServerArgs(port), env, logFile);
}

const REPO_ROOT = join(import.meta.dirname, "..", "..");

/**
 * Runs the dashboard's staff CLI on a staff file (a password goes on stdin): the browser tests and
 * the benchmarks run without the react-server condition that the staff directory module needs, so
 * they go through `scripts/staff.ts` rather than importing it.
 */
export function staffCli(file: string, args: string[], input = ""): void {
  execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/staff.ts", ...args, "--file", file],
    { cwd: REPO_ROOT, input, stdio: ["pipe", "ignore", "inherit"] },
  );
}

/** Adds a staff member to a staff file through the dashboard's own CLI. */
export function addStaffMember(
  file: string,
  member: { email: string; name?: string; password: string },
): void {
  const name = member.name ? ["--name", member.name] : [];
  staffCli(file, ["add", member.email, ...name], member.password);
}
