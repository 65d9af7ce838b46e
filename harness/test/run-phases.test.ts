// The runner behind `npm test`: phases run in order, the first failure stops the run with its
// exit code, and the end of the output is a table of each phase's time.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../repo-root";

function runPhases(...phases: string[]) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "harness/run-phases.ts"), ...phases],
    { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 },
  );
  return { code: result.status, output: result.stdout };
}

it("runs the phases in order and ends with each phase's time", () => {
  const { code, output } = runPhases("one=sleep 0.2; echo first", "two=echo second && echo third");
  expect(code).toBe(0);
  expect(output).toMatch(/first\nsecond\nthird\n/);
  const table = output.slice(output.indexOf("[run-phases]"));
  expect(table).toMatch(/^one +0\.[2-9] s +passed$/m);
  expect(table).toMatch(/^two +\d+\.\d s +passed$/m);
  expect(table).toMatch(/^total +\d+\.\d s$/m);
});

it("stops at the first failing phase, exits with its code, and lists the rest as not run", () => {
  const { code, output } = runPhases("one=echo ran", "two=exit 3", "three=echo never");
  expect(code).toBe(3);
  expect(output).not.toContain("never");
  expect(output).toMatch(/^one +\d+\.\d s +passed$/m);
  expect(output).toMatch(/^two +\d+\.\d s +FAILED \(exit 3\)$/m);
  expect(output).toMatch(/^three +- +not run$/m);
});
