// The runner behind `npm test`: phases run side by side unless one needs another, the first
// failure stops the rest with its exit code, and the end of the output is a table of each phase's
// start and time.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { isRunning } from "../daemon-reaper.mjs";
import { REPO_ROOT } from "../repo-root";

function runPlan(...phases: string[]) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "harness/run-plan.ts"), ...phases],
    { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 },
  );
  return { code: result.status, output: result.stdout, errors: result.stderr };
}

const tableOf = (output: string) => output.slice(output.indexOf("[run-plan]"));

it("runs phases that need nothing at the same time, each line marked with its phase", () => {
  // Each phase waits for the other's mark: run one after the other, neither would ever end.
  const dir = mkdtempSync(join(tmpdir(), "run-plan-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const waitFor = (mark: string) => `until [ -e ${join(dir, mark)} ]; do sleep 0.1; done`;
  const { code, output } = runPlan(
    `a=touch ${join(dir, "a")}; ${waitFor("b")}; echo first`,
    `b=touch ${join(dir, "b")}; ${waitFor("a")}; echo second`,
  );
  expect(code).toBe(0);
  expect(output).toMatch(/^\[a\] first$/m);
  expect(output).toMatch(/^\[b\] second$/m);
  expect(tableOf(output)).toMatch(/^a +\d+\.\d s +\d+\.\d s +passed$/m);
  expect(tableOf(output)).toMatch(/^total +\d+\.\d s$/m);
});

it("starts a phase only once the phases it needs have passed", () => {
  const { code, output } = runPlan("one=sleep 0.3; echo first", "two[one]=echo second && echo third");
  expect(code).toBe(0);
  expect(output).toMatch(/\[one\] first\n\[two\] second\n\[two\] third\n/);
  const two = /^two +(\d+\.\d) s/m.exec(tableOf(output));
  expect(Number(two?.[1])).toBeGreaterThanOrEqual(0.3);
});

it("stops the phases still running at the first failure, exits with its code, and never starts the rest", () => {
  const { code, output } = runPlan(
    "slow=sleep 20; echo never",
    "broken=sleep 0.2; exit 3",
    "after[slow]=echo never",
  );
  expect(code).toBe(3);
  expect(output).not.toContain("never");
  const table = tableOf(output);
  expect(table).toMatch(/^slow +\d+\.\d s +\d+\.\d s +stopped$/m);
  expect(table).toMatch(/^broken +\d+\.\d s +\d+\.\d s +FAILED \(exit 3\)$/m);
  expect(table).toMatch(/^after +- +- +not run$/m);
  expect(Number(/^total +(\d+\.\d) s$/m.exec(table)?.[1])).toBeLessThan(10);
});

it("kills what a phase left running when it ended, and says so", () => {
  const dir = mkdtempSync(join(tmpdir(), "run-plan-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const pidFile = join(dir, "pid");
  // A process of the phase's group that outlives the phase, its output not tied to the phase's pipes.
  const { code, errors } = runPlan(`left=sleep 60 >/dev/null 2>&1 & echo $! > ${pidFile}`);
  expect(code).toBe(0);
  expect(errors).toContain("[run-plan] left left 1 process(es) running when it ended, now killed: sleep");
  const pid = Number(readFileSync(pidFile, "utf8"));
  expect(isRunning(pid)).toBe(false);
});

it("refuses a plan whose phase needs one not named before it", () => {
  const { code, errors } = runPlan("one[two]=echo one", "two=echo two");
  expect(code).not.toBe(0);
  expect(errors).toContain('phase "one" needs "two"');
});
