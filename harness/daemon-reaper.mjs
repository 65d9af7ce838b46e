// A server a test run starts as a daemon (PostgreSQL, Redis) leaves the run's process group, so it
// outlives a run that ends without stopping it: Ctrl-C, a kill, a crash. Beside each such daemon
// runs a reaper, this file as a process of its own, reading its standard input from a pipe whose
// other end only the run's process holds. The kernel closes that end however the process ends;
// the reaper then reads the end of its input, stops the daemon and removes the daemon's folder.
// A run that stops its daemon itself dismisses the reaper first.
// Plain JavaScript, which Node runs as it is: a reaper per server would otherwise load tsx first.
// Usage (as a process): node harness/daemon-reaper.mjs <pid file> <signal> <folder>
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { readProcStat } from "./proc-stat.mjs";
import { setTimeout as sleep } from "node:timers/promises";

const SCRIPT = fileURLToPath(import.meta.url);
const STOP_WAIT_MS = 5_000;

/**
 * The pid on a daemon's pid file's first line (PostgreSQL's postmaster.pid has more lines), or
 * undefined when there is no such file: the daemon never got as far as writing it, or is stopped.
 * @param {string} file
 * @returns {number | undefined}
 */
export function readPidFile(file) {
  try {
    const pid = Number(readFileSync(file, "utf8").split("\n", 1)[0].trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` still runs. A daemon's parent is init, which in a container may never reap it: a
 * zombie counts as gone.
 * @param {number} pid
 */
export function isRunning(pid) {
  const stat = readProcStat(pid);
  return stat !== undefined && stat.state !== "Z";
}

/**
 * Starts a reaper for the daemon whose pid `pidFile` holds: once this process is gone, however it
 * ended, the daemon gets `signal` (SIGKILL if it is still there after five seconds) and `folder`
 * is removed. Call `dismiss` before stopping the daemon yourself.
 * @param {string} pidFile
 * @param {NodeJS.Signals} signal
 * @param {string} folder
 * @returns {{ dismiss(): void }}
 */
export function startDaemonReaper(pidFile, signal, folder) {
  // Its own process group, so the Ctrl-C that stops the run does not stop the reaper with it.
  const reaper = spawn(process.execPath, [SCRIPT, pidFile, signal, folder], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  // Neither the reaper nor the pipe keeps this process alive.
  reaper.unref();
  /** @type {import("node:net").Socket} */ (/** @type {unknown} */ (reaper.stdin)).unref();
  return { dismiss: () => void reaper.kill("SIGKILL") };
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalIfThere(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone between the check and the signal: what the signal was for.
  }
}

/** @param {string} pidFile @param {NodeJS.Signals} signal @param {string} folder */
async function reap(pidFile, signal, folder) {
  const pid = readPidFile(pidFile);
  if (pid !== undefined && isRunning(pid)) {
    signalIfThere(pid, signal);
    const started = Date.now();
    while (isRunning(pid) && Date.now() - started < STOP_WAIT_MS) await sleep(50);
    if (isRunning(pid)) signalIfThere(pid, "SIGKILL");
  }
  rmSync(folder, { recursive: true, force: true });
}

if (process.argv[1] === SCRIPT) {
  const [pidFile, signal, folder] = process.argv.slice(2);
  if (!pidFile || !signal || !folder) {
    process.stderr.write("usage: node harness/daemon-reaper.mjs <pid file> <signal> <folder>\n");
    process.exit(2);
  }
  let reaping = false;
  const reapOnce = () => {
    if (reaping) return;
    reaping = true;
    void reap(pidFile, /** @type {NodeJS.Signals} */ (signal), folder).finally(() => process.exit(0));
  };
  process.stdin.on("end", reapOnce).on("error", reapOnce).resume();
}
