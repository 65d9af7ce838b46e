// `npm test`'s typecheck and ESLint over one program (scripts/typecheck-and-eslint.ts) fail on a
// planted type error and a planted floating promise, each found by only one of the two, in the
// small project of test/fixtures/typed-lint.
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { startChild } from "@/harness/child-process";

const PLANTED = join(resolve(import.meta.dirname, ".."), "test/fixtures/typed-lint");

it("fails on a planted type error and a planted floating promise, and names both", async () => {
  const child = startChild({
    name: "typecheck-and-eslint",
    args: ["--import", "tsx", "scripts/typecheck-and-eslint.ts", PLANTED],
    env: { ...process.env, NO_COLOR: "1" },
  });
  expect(await child.exited).toBe(1);
  const stdout = child.stdout();
  expect(stdout).toMatch(/src\/planted\.ts.*TS2322/);
  expect(stdout).toContain("tsc: 1 diagnostic(s) in 1 files");
  expect(stdout).toMatch(/8:3 +error .*@typescript-eslint\/no-floating-promises/);
  expect(stdout).toContain("eslint: 1 problem(s) in 1 files");
});
