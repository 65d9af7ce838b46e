// Runs shell commands side by side and fails when any of them fails: `npm test`'s checks (lint,
// typecheck, build) are each mostly one core's work, so on a two-core machine two of them at once
// take about the time of the longer one. Each command's output is kept and printed whole once it
// ends, so a failure reads as it would alone, not interleaved with the other command's lines.
// Usage: tsx harness/run-together.ts "<command>" "<command>" ...
// (npm run test:checks: lint beside "typecheck && next build"; tsc checks the route types the build
// writes into .next/types, so it runs before the build rather than beside it.)
import { spawn } from "node:child_process";

interface Finished {
  command: string;
  code: number | null;
  output: string;
  seconds: number;
}

function run(command: string): Promise<Finished> {
  const started = performance.now();
  // One shell per command, so a command may itself be a chain ("a && b").
  const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((done) => {
    child.once("close", (code) =>
      done({ command, code, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: tsx harness/run-together.ts "<command>" "<command>" ...');
  process.exit(2);
}
let failed = 0;
await Promise.all(
  commands.map(async (command) => {
    const finished = await run(command);
    const verdict = finished.code === 0 ? "passed" : `FAILED (exit ${finished.code ?? "by a signal"})`;
    if (finished.code !== 0) failed += 1;
    process.stdout.write(`\n> ${command}\n${finished.output}`);
    console.log(`[run-together] ${command}: ${verdict} in ${finished.seconds.toFixed(1)} s`);
  }),
);
process.exit(failed === 0 ? 0 : 1);
