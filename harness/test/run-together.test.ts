// The runner behind `npm test`'s checks: one failing command fails the whole, the others still
// finish, and each command's output is printed in one piece.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../repo-root";

function runTogether(...commands: string[]) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "harness/run-together.ts"), ...commands],
    { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 },
  );
  return { code: result.status, output: result.stdout };
}

it("passes when every command passes, and runs them at the same time", () => {
  // Each command waits for the other's mark: run one after the other, neither would ever end.
  const dir = mkdtempSync(join(tmpdir(), "run-together-"));
  const waitFor = (mark: string) => `until [ -e ${join(dir, mark)} ]; do sleep 0.1; done`;
  const { code, output } = runTogether(
    `touch ${join(dir, "a")}; ${waitFor("b")}; echo first`,
    `touch ${join(dir, "b")}; ${waitFor("a")}; echo second`,
  );
  expect(code).toBe(0);
  expect(output).toContain("first");
  expect(output).toContain("second");
});

it("fails when one command fails, after the others have finished, and keeps each output whole", () => {
  const { code, output } = runTogether(
    "echo a1; sleep 0.3; echo a2; exit 3",
    "echo b1; sleep 0.6; echo b2 && echo b3",
  );
  expect(code).toBe(1);
  expect(output).toMatch(/a1\na2\n/);
  expect(output).toMatch(/b1\nb2\nb3\n/);
  expect(output).toMatch(/exit 3: FAILED \(exit 3\)/);
  expect(output).toMatch(/b3: passed/);
});
