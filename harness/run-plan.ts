// Runs `npm test`'s phases side by side, each as soon as the phases it needs have passed, and ends
// with a table of when each started and how long it took. The run has a time budget on two cores:
// no phase keeps both busy for long (lint and a build are mostly one core's work; the browser
// tests leave most of a core idle), so a phase waits only for what it truly needs (the browser
// tests for the build, not for lint). The first failure stops everything still running: the run
// is red already, and its cause is best read without minutes of other output after it.
// Usage: tsx harness/run-plan.ts "<name>=<command>" "<name>[<needed>,<needed>]=<command>" ...
// Each line of a phase's output is prefixed with its name (unless the plan has one phase), so the
// interleaved output of phases side by side still says which line is whose.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { readProcStat } from "./proc-stat.mjs";

interface Phase {
  name: string;
  needs: string[];
  command: string;
}

type Verdict = "passed" | "failed" | "stopped" | "not run";

interface Outcome {
  verdict: Verdict;
  code: number | null;
  startedAt: number;
  seconds: number;
}

const PHASE_PATTERN = /^([\w-]+)(?:\[([\w,-]*)\])?=(.+)$/s;

function parsePhase(argument: string): Phase {
  const match = PHASE_PATTERN.exec(argument);
  if (!match)
    throw new Error(`expected <name>=<command> or <name>[<needed>,...]=<command>, got "${argument}"`);
  const [, name, needs, command] = match;
  return { name: name!, needs: needs ? needs.split(",").filter(Boolean) : [], command: command! };
}

function checkPlan(phases: Phase[]): void {
  const names = new Set<string>();
  for (const phase of phases) {
    if (names.has(phase.name)) throw new Error(`phase "${phase.name}" is named twice`);
    for (const need of phase.needs) {
      // Only earlier phases may be needed, which also rules out a cycle.
      if (!names.has(need))
        throw new Error(`phase "${phase.name}" needs "${need}", which no earlier phase is`);
    }
    names.add(phase.name);
  }
}

/** Writes a child's output line by line, each line prefixed. */
function relay(child: ChildProcess, prefix: string): void {
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let partial = "";
    stream?.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop()!;
      for (const line of lines) target.write(`${prefix}${line}\n`);
    });
    stream?.once("end", () => {
      if (partial) target.write(`${prefix}${partial}\n`);
    });
  }
}

const runStarted = performance.now();
const elapsed = () => (performance.now() - runStarted) / 1000;

const phases = process.argv.slice(2).map(parsePhase);
if (phases.length === 0) {
  console.error('usage: tsx harness/run-plan.ts "<name>=<command>" "<name>[<needed>]=<command>" ...');
  process.exit(2);
}
checkPlan(phases);

const outcomes = new Map<string, Outcome>();
const running = new Map<string, ChildProcess>();
let stopping = false;

function start(phase: Phase): Promise<void> {
  const startedAt = elapsed();
  // Its own process group, so stopping a phase stops what it started (vitest's workers, browsers).
  const child = spawn(phase.command, { shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  running.set(phase.name, child);
  relay(child, phases.length > 1 ? `[${phase.name}] ` : "");
  return new Promise((done) => {
    child.once("close", (code, signal) => {
      running.delete(phase.name);
      const verdict: Verdict = code === 0 ? "passed" : stopping && signal ? "stopped" : "failed";
      outcomes.set(phase.name, { verdict, code, startedAt, seconds: elapsed() - startedAt });
      if (verdict === "failed") stopAll();
      void sweepLeftovers(phase.name, child.pid!).then(done);
    });
  });
}

/**
 * The processes still alive in a process group, by name: /proc's stat has each one's group and
 * state. A zombie (exited, not yet reaped: in a container, init may never reap it) is not alive.
 */
function liveMembers(groupId: number): string[] {
  return readdirSync("/proc").flatMap((entry) => {
    const stat = /^\d+$/.test(entry) ? readProcStat(entry) : undefined;
    return stat && stat.group === groupId && stat.state !== "Z" ? [stat.name] : [];
  });
}

/** How long a phase's processes may take to exit by themselves after the phase has ended. */
const LEFTOVER_GRACE_MS = 2_000;

/**
 * A phase that ended may have left processes in its group: a test whose start hung before it could
 * keep a handle on its servers, for one. They would hold ports and CPU past the run, so those still
 * there after a short grace (a build's workers end a moment after it) are killed, and the run names
 * them. Daemons (PostgreSQL, Redis) and their reapers run in groups of their own.
 */
async function sweepLeftovers(name: string, groupId: number): Promise<void> {
  const graceEnds = performance.now() + LEFTOVER_GRACE_MS;
  let left = liveMembers(groupId);
  while (left.length > 0 && performance.now() < graceEnds) {
    await sleep(100);
    left = liveMembers(groupId);
  }
  if (left.length === 0) return;
  try {
    process.kill(-groupId, "SIGKILL");
  } catch {
    return; // they ended meanwhile
  }
  console.error(
    `[run-plan] ${name} left ${left.length} process(es) running when it ended, now killed: ${left.join(", ")}`,
  );
}

function stopAll(): void {
  stopping = true;
  for (const child of running.values()) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // The group has exited already: nothing left to stop.
    }
  }
}

const finished = new Map<string, Promise<void>>();
for (const phase of phases) {
  const needed = phase.needs.map((name) => finished.get(name)!);
  finished.set(
    phase.name,
    Promise.all(needed).then(() => {
      if (stopping || phase.needs.some((name) => outcomes.get(name)?.verdict !== "passed")) return;
      return start(phase);
    }),
  );
}
await Promise.all(finished.values());

function table(): string {
  const width = Math.max(5, ...phases.map((phase) => phase.name.length));
  const rows = phases.map((phase) => {
    const outcome = outcomes.get(phase.name);
    if (!outcome) return `${phase.name.padEnd(width)}  ${"-".padStart(8)}  ${"-".padStart(9)}  not run`;
    const verdict =
      outcome.verdict === "failed" ? `FAILED (exit ${outcome.code ?? "by a signal"})` : outcome.verdict;
    const at = `${outcome.startedAt.toFixed(1)} s`;
    return `${phase.name.padEnd(width)}  ${at.padStart(8)}  ${`${outcome.seconds.toFixed(1)} s`.padStart(9)}  ${verdict}`;
  });
  const header = `${"phase".padEnd(width)}  ${"start".padStart(8)}  ${"time".padStart(9)}`;
  return [
    header,
    ...rows,
    `${"total".padEnd(width)}  ${"".padStart(8)}  ${`${elapsed().toFixed(1)} s`.padStart(9)}`,
  ].join("\n");
}

console.log(`\n[run-plan] time per phase (the total is the whole run, start to end)\n${table()}`);
const failed = [...outcomes.values()].find((outcome) => outcome.verdict === "failed");
process.exit(failed ? (failed.code ?? 1) : 0);
