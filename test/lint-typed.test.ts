// `npm test`'s typecheck and ESLint over one program (scripts/typecheck-and-eslint.ts) fail on a
// planted type error and a planted floating promise, each found by only one of the two, in the
// small project of test/fixtures/typed-lint.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const PLANTED = join(ROOT, "test/fixtures/typed-lint");

it("fails on a planted type error and a planted floating promise, and names both", async () => {
  const args = ["--import", "tsx", "scripts/typecheck-and-eslint.ts", PLANTED];
  const run = promisify(execFile)(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const { stdout, exitCode } = await run.then(
    ({ stdout }) => ({ stdout, exitCode: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, exitCode: error.code }),
  );
  expect(exitCode).toBe(1);
  expect(stdout).toMatch(/src\/planted\.ts.*TS2322/);
  expect(stdout).toContain("tsc: 1 diagnostic(s) in 1 files");
  expect(stdout).toMatch(/8:3 +error .*@typescript-eslint\/no-floating-promises/);
  expect(stdout).toContain("eslint: 1 problem(s) in 1 files");
});
