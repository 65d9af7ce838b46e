// One Node program of the repository as a child process: its output kept (in memory and, when
// asked, in a log file) so a failure can show it, and a stop that ends only once the process has.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { SHORT_LIVED_SETTING, TEMPLATE_SETTING } from "../platform/sql/pglite-settings";
import { REPO_ROOT } from "./repo-root";

/** SIGTERM first, so a server drains and closes its pools; SIGKILL when it has not gone by then. */
export const DEFAULT_GRACE_MS = 5_000;
/** After an exit, how long its output may still be arriving through the pipes. */
const PIPE_DRAIN_MS = 2_000;

export interface ChildOptions {
  /** For messages: "service", "dashboard". */
  name: string;
  /** Arguments to this Node binary: the program runs as one process, which a signal reaches. */
  args: string[];
  /** The whole environment of the child (see hermeticEnv); the inherited one when absent. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Every byte of output also goes here (appended when `appendLog`). */
  logFile?: string;
  appendLog?: boolean;
  /** How much of each stream stays in memory; with a log file, a tail (the file has it all). */
  keepChars?: number;
  /**
   * In a process group of its own. A terminal's Ctrl-C goes to its whole foreground group: a child
   * in that group would get it beside its parent's own stop, and take the two for a second signal.
   */
  ownProcessGroup?: boolean;
  /** Called once it is spawned, before any output is read: to follow the output as it comes. */
  onSpawn?: (child: RunningChild) => void;
}

export interface RunningChild {
  readonly name: string;
  readonly pid: number;
  readonly process: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The last `chars` of the output, stdout then stderr (kept apart so lines never interleave). */
  tail(chars?: number): string;
  hasExited(): boolean;
  /** "code 3" or "SIGKILL", once exited. */
  exitDescription(): string;
  signal(): NodeJS.Signals | null;
  /** Settles once the output is read to its end; the exit code, null when a signal ended it. */
  readonly exited: Promise<number | null>;
  /** Sends `signal`, then SIGKILL after `graceMs`; resolves with the exit code once it has exited. */
  stop: (signal?: NodeJS.Signals, graceMs?: number) => Promise<number | null>;
}

// A leftover child would hold a port or a data-dir lock after a failure; this process's exit
// takes every child still running down with it, however it ends.
const alive = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of alive) child.kill("SIGKILL");
});

function keeper(limit: number) {
  let text = "";
  return {
    add: (chunk: string) => {
      text += chunk;
      if (text.length > limit) text = text.slice(-limit);
    },
    read: () => text,
  };
}

/**
 * A test run's children (their environment names the run's saved cluster, PGLITE_TEMPLATE) live for
 * seconds, and are told so (PGLITE_SHORT_LIVED, platform/sql/pglite-db.ts). The test runner's own
 * workers live for the whole run and do its heaviest PGlite work, so they keep V8's default.
 */
function isShortLived(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env[TEMPLATE_SETTING]);
}

/**
 * A short-lived child's JavaScript stays on V8's baseline code (Sparkplug): its optimizing compiler
 * works on a background thread for functions that run for a few seconds at most, CPU that such a
 * process never earns back. Only as a flag before the program: NODE_OPTIONS refuses V8's tiers.
 */
const SHORT_LIVED_NODE_ARGS = ["--max-opt=1"];

export function startChild(options: ChildOptions): RunningChild {
  const env = options.env ?? process.env;
  const shortLived = isShortLived(env);
  const args = shortLived ? [...SHORT_LIVED_NODE_ARGS, ...options.args] : options.args;
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: shortLived ? { ...env, [SHORT_LIVED_SETTING]: "1" } : env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.ownProcessGroup ?? false,
  });
  alive.add(child);
  const log = options.logFile
    ? createWriteStream(options.logFile, { flags: options.appendLog ? "a" : "w" })
    : null;
  const keepChars = options.keepChars ?? (log ? 64_000 : Number.POSITIVE_INFINITY);
  const [out, err] = [keeper(keepChars), keeper(keepChars)];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out.add(chunk);
    log?.write(chunk);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    err.add(chunk);
    log?.write(chunk);
  });
  let exitCode: number | null | undefined;
  // "close" (not "exit"), so that every byte of output has been read when it settles. A process it
  // started that outlived it would hold the pipes open and "close" would never come: a moment after
  // the exit, the pipes are let go, so a stop or a failed start never waits on such a straggler.
  child.once("exit", () => {
    setTimeout(() => {
      child.stdout.destroy();
      child.stderr.destroy();
    }, PIPE_DRAIN_MS).unref();
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once("close", (code) => {
      alive.delete(child);
      exitCode = code;
      if (log) log.end(() => resolve(code));
      else resolve(code);
    });
  });
  const hasExited = () => exitCode !== undefined;
  const running: RunningChild = {
    name: options.name,
    pid: child.pid ?? -1,
    process: child,
    stdout: out.read,
    stderr: err.read,
    tail: (chars = 4_000) => `${out.read()}${err.read()}`.slice(-chars),
    hasExited,
    exitDescription: () => child.signalCode ?? `code ${child.exitCode}`,
    signal: () => child.signalCode,
    exited,
    async stop(signal = "SIGTERM", graceMs = DEFAULT_GRACE_MS) {
      if (hasExited()) return exitCode ?? null;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  options.onSpawn?.(running);
  return running;
}
