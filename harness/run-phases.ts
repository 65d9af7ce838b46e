// Runs `npm test`'s phases one after the other, stops at the first that fails, and ends with a
// table of each phase's time: the whole run has a time budget, and the table shows which phase
// spent it without anyone having to scroll back through the output. Each phase's output streams
// as it comes (a phase runs minutes; its progress is worth seeing live).
// Usage: tsx harness/run-phases.ts "<name>=<command>" "<name>=<command>" ...
import { spawn } from "node:child_process";

interface Phase {
  name: string;
  command: string;
}

type Outcome = { seconds: number; code: number | null } | undefined;

function parsePhase(argument: string): Phase {
  const split = argument.indexOf("=");
  if (split <= 0) throw new Error(`expected <name>=<command>, got "${argument}"`);
  return { name: argument.slice(0, split), command: argument.slice(split + 1) };
}

function run(command: string): Promise<{ seconds: number; code: number | null }> {
  const started = performance.now();
  // One shell per phase, so a phase may itself be a chain ("a && b").
  const child = spawn(command, { shell: true, stdio: "inherit" });
  return new Promise((done) => {
    child.once("close", (code) => done({ code, seconds: (performance.now() - started) / 1000 }));
  });
}

function verdict(outcome: Outcome): string {
  if (!outcome) return "not run";
  return outcome.code === 0 ? "passed" : `FAILED (exit ${outcome.code ?? "by a signal"})`;
}

function table(phases: Phase[], outcomes: Outcome[]): string {
  const width = Math.max(5, ...phases.map((phase) => phase.name.length));
  const rows = phases.map((phase, i) => {
    const outcome = outcomes[i];
    const time = outcome ? `${outcome.seconds.toFixed(1)} s` : "-";
    return `${phase.name.padEnd(width)}  ${time.padStart(9)}  ${verdict(outcome)}`;
  });
  const total = outcomes.reduce((sum, outcome) => sum + (outcome?.seconds ?? 0), 0);
  return [...rows, `${"total".padEnd(width)}  ${`${total.toFixed(1)} s`.padStart(9)}`].join("\n");
}

const phases = process.argv.slice(2).map(parsePhase);
if (phases.length === 0) {
  console.error('usage: tsx harness/run-phases.ts "<name>=<command>" ...');
  process.exit(2);
}
const outcomes: Outcome[] = [];
for (const phase of phases) {
  const outcome = await run(phase.command);
  outcomes.push(outcome);
  if (outcome.code !== 0) break;
}
console.log(`\n[run-phases] time per phase\n${table(phases, outcomes)}`);
const failed = outcomes.find((outcome) => outcome?.code !== 0);
process.exit(failed ? (failed.code ?? 1) : 0);
