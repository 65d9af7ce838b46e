// Knip, with the checks `npm run lint` runs it with (knip.config.ts), fails on a planted unused
// file, a planted unused export and a planted import cycle between two files of one folder (which
// the folder check does not see), in the small project of test/fixtures/knip-project.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const KNIP = join(ROOT, "node_modules/knip/bin/knip.js");
const PLANTED = join(ROOT, "test/fixtures/knip-project");

interface KnipIssue {
  file: string;
  files: { name: string }[];
  exports: { name: string }[];
  cycles: { name: string }[][];
}

async function knipIssues(): Promise<{ exitCode: number; issues: KnipIssue[] }> {
  const args = [KNIP, "--directory", PLANTED, "--reporter", "json", "--no-progress"];
  const run = promisify(execFile)(process.execPath, args, { cwd: ROOT });
  // Knip exits 1 when it finds something; its report is on stdout either way.
  const { stdout, exitCode } = await run.then(
    ({ stdout }) => ({ stdout, exitCode: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, exitCode: error.code }),
  );
  return { exitCode, issues: (JSON.parse(stdout) as { issues: KnipIssue[] }).issues };
}

it("fails on a planted unused file, unused export and import cycle", async () => {
  const { exitCode, issues } = await knipIssues();
  expect(exitCode).toBe(1);
  expect(issues.flatMap((issue) => issue.files.map((file) => file.name))).toEqual(["src/orphan.ts"]);
  expect(issues.flatMap((issue) => issue.exports.map((unused) => `${issue.file} ${unused.name}`))).toEqual([
    "src/used.ts plantedExport",
  ]);
  const cycles = issues.flatMap((issue) => issue.cycles.map((cycle) => cycle.map((step) => step.name)));
  expect(cycles).toEqual([["src/first.ts", "src/second.ts"]]);
});
